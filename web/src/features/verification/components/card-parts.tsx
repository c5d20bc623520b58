import { Info, RefreshCw, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { LoadingText, Skeleton } from '../../../components/skeleton.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

/** A verification card's title with its Verified / Not Verified badge (a grey badge while the state loads). */
export function CardHeader({ icon: Icon, title, verified }: { icon: LucideIcon; title: string; verified: boolean | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="flex items-center gap-2 font-semibold">
        <Icon className="size-5 text-primary" aria-hidden="true" />
        {title}
      </h2>
      {verified === undefined ? (
        <Skeleton rounded="rounded-full" className="h-6 w-24" />
      ) : verified ? (
        <Badge variant="success">
          <ShieldCheck className="size-3" aria-hidden="true" />
          {t('verification.verified')}
        </Badge>
      ) : (
        <Badge variant="outline">{t('verification.notVerified')}</Badge>
      )}
    </div>
  );
}

/**
 * A verification card while its status loads: its title, and grey blocks where the form or the
 * verified details will be; neither "Not Verified" nor the form, which would be a guess.
 */
export function VerificationCardSkeleton({ icon, title, testId }: { icon: LucideIcon; title: string; testId: string }) {
  return (
    <Card className="grid min-w-0 content-start gap-4 p-5" aria-busy="true" data-testid={testId}>
      <CardHeader icon={icon} title={title} verified={undefined} />
      <LoadingText />
      <Skeleton rounded="rounded-xl" className="h-64" />
    </Card>
  );
}

/** The status call failed (the service is down or not offered): say so plainly, offer a retry, keep the card usable. */
export function StatusNotice({ onRetry, testId }: { onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-wrap items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100" data-testid={testId}>
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">{t('verification.statusError')}</p>
      <Button type="button" size="sm" variant="outline" onClick={onRetry}>
        <RefreshCw />
        {t('verification.retry')}
      </Button>
    </div>
  );
}
