import { WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';

/** A line under the header while the browser is offline (navigator.onLine and its events). */
export function OfflineBanner() {
  const { t } = useTranslation();
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  if (online) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-2 bg-foreground px-4 py-2 text-center text-sm text-background" data-testid="banner-offline">
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      {t('network.offline')}
    </div>
  );
}
