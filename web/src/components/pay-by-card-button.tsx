import { CreditCard, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from './ui/button.tsx';
import { toast } from '../hooks/use-toast.ts';
import { failureText } from '../lib/server-text.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { startCardPayment, type CardPaymentRequest } from '../lib/card-payment.ts';

const KEY_PREFIX = 'ikimina.card.key:';
/** Where the return page's Back goes for a reference: the screen the payer started from. */
export const BACK_PREFIX = 'ikimina.card.back:';

function remembered(name: string): string | null {
  try {
    return sessionStorage.getItem(name);
  } catch {
    return null;
  }
}
function remember(name: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(name);
    else sessionStorage.setItem(name, value);
  } catch {
    // Private mode without storage: each press is then a new attempt, which the server tells apart.
  }
}

/**
 * "Pay by card", beside mobile money: the payment is started on the server (stored before the
 * card processor is asked) and the payer goes to the processor's hosted page; card numbers are
 * typed there, never here. One Idempotency-Key per thing paid, kept for the tab's life, so that
 * a press after coming back from an abandoned checkout returns to the same checkout instead of
 * starting a second payment; a failed payment is followed by a new one.
 */
export function PayByCardButton({ request, disabled = false, label }: { request: () => CardPaymentRequest | null; disabled?: boolean; label?: string }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);

  const start = async () => {
    const body = request();
    if (!body) return;
    const name = KEY_PREFIX + JSON.stringify(body);
    setBusy(true);
    try {
      let key = remembered(name) ?? crypto.randomUUID();
      let started = await startCardPayment({ ...body, idempotencyKey: key });
      if (started.status === 'failed') {
        key = crypto.randomUUID();
        started = await startCardPayment({ ...body, idempotencyKey: key });
      }
      remember(name, started.status === 'pending' ? key : null);
      remember(BACK_PREFIX + started.reference, `${window.location.pathname}${window.location.search}`);
      window.location.assign(started.checkoutUrl);
    } catch (error) {
      setBusy(false);
      toast({ variant: 'destructive', title: t('payments.card.failedTitle'), description: failureText(i18n, error, t('payments.card.startFailed')) });
    }
  };

  return (
    <div className="grid gap-2">
      <p className="text-center text-xs uppercase tracking-wide text-muted-foreground">{t('payments.card.or')}</p>
      <Button type="button" variant="outline" size="tall" onClick={() => void start()} disabled={disabled || busy} data-testid="button-pay-card">
        {busy ? <Loader2 className="animate-spin" /> : <CreditCard />}
        {/* Its own line breaks: a long label in some languages wraps instead of widening the screen. */}
        <span className="whitespace-normal">{label ?? t('payments.card.payByCard')}</span>
      </Button>
      <p className="text-xs text-muted-foreground">{t('payments.card.hint')}</p>
    </div>
  );
}
