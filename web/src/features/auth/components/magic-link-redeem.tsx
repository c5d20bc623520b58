import { Loader2, MailWarning } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { serverErrorText } from '../../../lib/server-text.ts';
import { useRedeemMagicLink } from '../api/redeem-magic-link.ts';
import { storeSessionWithWelcome } from './complete-sign-in.ts';

function tokenFromFragment(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

/**
 * /auth/magic-link#token=…: redeems the one-time link. The token travels in the fragment so it
 * never reaches server logs, and it is removed from the address bar before anything else.
 */
export function MagicLinkRedeem({ onRequestNewLink }: { onRequestNewLink: () => void }) {
  const { t, i18n } = useTranslation();
  const { mutate } = useRedeemMagicLink();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // React may run effects twice in development; a link can be redeemed only once.
    if (started.current) return;
    started.current = true;
    const token = tokenFromFragment(window.location.hash);
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if (token === null || token === '') {
      setFailure(t('auth.magicLinkPage.invalid'));
      return;
    }
    mutate(token, {
      onSuccess: (session) => {
        void storeSessionWithWelcome(session, { title: t('auth.toast.welcomeBack'), description: t('auth.toast.loggedIn') }).then(() => window.location.replace('/'));
      },
      onError: (error) =>
        setFailure((error instanceof ApiError && serverErrorText(i18n, error)) || t('auth.magicLinkPage.invalid')),
    });
  }, [mutate, t, i18n]);

  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md items-center px-4 py-16">
      <Card className="w-full p-8 text-center">
        {failure === null ? (
          <div className="grid justify-items-center gap-4" role="status">
            <Loader2 className="size-8 animate-spin text-primary" />
            <h1 className="text-xl font-semibold">{t('auth.magicLinkPage.title')}</h1>
            <p className="text-muted-foreground">{t('auth.magicLinkPage.checking')}</p>
          </div>
        ) : (
          <div className="grid justify-items-center gap-4">
            <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
              <MailWarning className="size-6" />
            </span>
            <h1 className="text-xl font-semibold">{t('auth.magicLinkPage.failedTitle')}</h1>
            <p className="text-muted-foreground" data-testid="text-magic-link-invalid">
              {failure}
            </p>
            <Button onClick={onRequestNewLink} data-testid="button-request-new-link">
              {t('auth.magicLinkPage.requestNew')}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
