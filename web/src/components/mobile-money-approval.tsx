import { CheckCircle2, Loader2, Smartphone, XCircle } from 'lucide-react';
import { providerReasonText } from '../lib/provider-reason.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { Button } from './ui/button.tsx';

/**
 * The two outcomes a mobile-money request waits on, shared by every screen that collects money
 * (a contribution, a loan repayment): the member approving on their phone, and a refusal.
 */
export function MobileMoneyWaiting({ phone, done }: { phone: string; done: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center" role="status" data-testid="state-payment-pending">
      {done ? <CheckCircle2 className="size-12 text-emerald-600" /> : <Smartphone className="size-12 motion-safe:animate-pulse text-primary" />}
      <p className="text-lg font-semibold">{t('payments.approveTitle')}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{t('payments.approveText', { phone })}</p>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Loader2 className="size-3.5 animate-spin" />
        {t('payments.waiting')}
      </p>
    </div>
  );
}

export function MobileMoneyFailed({ reason, onRetry }: { reason: string | null | undefined; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center" role="alert" data-testid="state-payment-failed">
      <XCircle className="size-12 text-destructive" />
      <p className="text-lg font-semibold">{t('payments.failedTitle')}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{providerReasonText(t, i18n.language, reason)}</p>
      <Button onClick={onRetry} data-testid="button-pay-retry">
        {t('payments.tryAgain')}
      </Button>
    </div>
  );
}
