import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { providerReasonText } from '../../../lib/provider-reason.ts';
import { MobileMoneyFailed, MobileMoneyWaiting } from '../../../components/mobile-money-approval.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { attemptFor, type RequestAttempt } from '../../../lib/request-attempt.ts';
import { serverErrorText } from '../../../lib/server-text.ts';
import { useContributionPayment } from '../api/get-contribution-payment.ts';
import { usePayment } from '../api/get-payment.ts';
import { usePayContribution } from '../api/pay-contribution.ts';
import type { PayContributionButtonProps } from './pay-contribution-button.tsx';
import { PayByCardButton } from '../../../components/pay-by-card-button.tsx';

/**
 * The Pay button's dialog (pay-contribution-button.tsx), its own chunk: the dialog primitives, the
 * form and the payment calls load when a member first presses Pay, not with the page (issue 16).
 */
export function PayContributionDialog({
  open,
  onOpenChange,
  ...payment
}: Omit<PayContributionButtonProps, 'size'> & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent closeLabel={t('common.close')} data-testid="dialog-pay" aria-describedby="pay-description">
          <PayFlow {...payment} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function PayFlow({ contributionId, amount, tontineName, defaultPhone, onDone }: Omit<PayContributionButtonProps, 'size'> & { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState(defaultPhone ?? '');
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const attempt = useRef<RequestAttempt<{ contributionId: string; phoneNumber: string }> | null>(null);
  const pay = usePayContribution();
  const latest = useContributionPayment(contributionId, paymentId === null);
  const [lostConnection, setLostConnection] = useState(false);
  const dismissedFailure = useRef(false);
  // The server's word on a payment started before (a reload, another tab): shown, not paid again.
  useEffect(() => {
    const found = latest.data;
    // A card payment is followed on its own return page (/payments/card/return), not as a phone prompt.
    if (!found || paymentId !== null || found.provider === 'flutterwave') return;
    if (found.status === 'pending' || (found.status === 'failed' && !dismissedFailure.current)) {
      queryClient.setQueryData(['/api/payments', found.id], found);
      setPaymentId(found.id);
    }
  }, [latest.data]);
  const { data: payment } = usePayment(paymentId);
  const status = payment?.status ?? (paymentId === null ? null : 'pending');

  useEffect(() => {
    if (payment?.status === 'successful') {
      toast({ title: t('payments.successTitle'), description: t('payments.successText', { amount: format.money(payment.amount) }) });
      // The contribution is now paid: every figure that counts it changes.
      void queryClient.invalidateQueries();
      onDone();
    } else if (payment?.status === 'failed') {
      toast({ variant: 'destructive', title: t('payments.failedTitle'), description: providerReasonText(t, i18n.language, payment.reason) });
    }
    // Each payment reaches an outcome once; react to that transition only.
  }, [payment?.status]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const current = attemptFor(attempt.current, { contributionId, phoneNumber: phone.trim() }, () => crypto.randomUUID());
    attempt.current = current;
    setLostConnection(false);
    pay.mutate(
      { contributionId, phoneNumber: current.request.phoneNumber, idempotencyKey: current.key },
      {
        onSuccess: (answer) => {
          current.answered = true;
          setPaymentId(answer.id);
          queryClient.setQueryData(['/api/payments', answer.id], answer);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) {
            // Lost on the network: the same request, with the same key, once the link is back.
            setLostConnection(true);
            retryWhenOnline(() => submit());
            return;
          }
          if (error.code === 'payment_in_progress') {
            // Already waiting for approval (pressed in another tab, or before a reload): show that payment.
            current.answered = true;
            void latest.refetch().then(({ data }) => {
              if (data?.provider === 'flutterwave') {
                toast({ variant: 'destructive', title: t('payments.failedTitle'), description: t('payments.card.inProgress') });
              } else if (data) {
                queryClient.setQueryData(['/api/payments', data.id], data);
                setPaymentId(data.id);
              }
            });
            return;
          }
          const text = error instanceof ApiError ? serverErrorText(i18n, error) : '';
          toast({ variant: 'destructive', title: t('payments.failedTitle'), description: text || t('payments.requestFailed') });
        },
      },
    );
  };

  const heading = (
    <div className="grid gap-1.5 pr-6">
      <DialogTitle className="text-xl font-semibold">{t('payments.title')}</DialogTitle>
      <DialogDescription id="pay-description" className="text-sm text-muted-foreground">
        {tontineName ? t('payments.descriptionFor', { amount: format.money(amount), name: tontineName }) : t('payments.description', { amount: format.money(amount) })}
      </DialogDescription>
    </div>
  );

  if (status === 'pending' || status === 'successful') {
    return (
      <>
        {heading}
        <MobileMoneyWaiting phone={payment?.phoneNumber ?? phone} done={status === 'successful'} />
      </>
    );
  }

  if (status === 'failed') {
    return (
      <>
        {heading}
        <MobileMoneyFailed
          reason={payment?.reason}
          onRetry={() => {
            dismissedFailure.current = true;
            setPaymentId(null);
          }}
        />
      </>
    );
  }

  return (
    <>
      {heading}
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <div className="grid gap-1.5">
          <Label htmlFor="pay-phone">{t('payments.phone')}</Label>
          <Input id="pay-phone" type="tel" value={phone} onChange={(event) => setPhone(event.target.value)} placeholder="+250 7XX XXX XXX" data-testid="input-pay-phone" />
          <p className="text-xs text-muted-foreground">{t('payments.phoneHint')}</p>
        </div>
        {lostConnection && (
          <p role="status" className="text-sm text-muted-foreground" data-testid="text-pay-retrying">
            {t('payments.retrying')}
          </p>
        )}
        <Button type="submit" disabled={pay.isPending || lostConnection} data-testid="button-confirm-pay">
          {pay.isPending && <Loader2 className="animate-spin" />}
          {t('payments.confirm', { amount: format.money(amount) })}
        </Button>
      </form>
      <PayByCardButton request={() => ({ purpose: 'contribution', contributionId })} disabled={pay.isPending} />
    </>
  );
}

/** Runs `again` once the browser is online (at once if it is), after a 3 s pause. */
function retryWhenOnline(again: () => void): void {
  const later = () => setTimeout(again, 3_000);
  if (navigator.onLine) later();
  else window.addEventListener('online', later, { once: true });
}
