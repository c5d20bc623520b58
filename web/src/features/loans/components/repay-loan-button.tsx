import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { providerReasonText } from '../../../lib/provider-reason.ts';
import { MobileMoneyFailed, MobileMoneyWaiting } from '../../../components/mobile-money-approval.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { attemptFor, type RequestAttempt } from '../../../lib/request-attempt.ts';
import { serverErrorText } from '../../../lib/server-text.ts';
import { useLoanPayments } from '../api/get-loan-payments.ts';
import type { Loan } from '../api/loan-schemas.ts';
import { useRepayLoan, type RepaymentScope } from '../api/repay-loan.ts';
import { PayByCardButton } from '../../../components/pay-by-card-button.tsx';

/**
 * Repay a running loan by mobile money, the next instalment or the whole balance: the request is
 * sent once per click (Idempotency-Key), then the member approves it on their phone while the
 * loan's payment history is polled every 2 s, as the contribution Pay action does.
 */
export function RepayLoanButton({ loan, phoneNumber }: { loan: Loan; phoneNumber: string | null | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid={`button-repay-${loan.id}`}>
        <Smartphone />
        {t('loans.myLoans.repay')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <DialogContent closeLabel={t('common.close')} data-testid="dialog-repay" aria-describedby="repay-description">
            <RepayFlow loan={loan} phoneNumber={phoneNumber} onDone={() => setOpen(false)} />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}

function RepayFlow({ loan, phoneNumber, onDone }: { loan: Loan; phoneNumber: string | null | undefined; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<RepaymentScope>('instalment');
  const [requestId, setRequestId] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const attempt = useRef<RequestAttempt<{ loanId: string; scope: RepaymentScope }> | null>(null);
  const repay = useRepayLoan();
  const { data: payments } = useLoanPayments(loan.id, requestId);
  const request = payments?.requests.find((r) => r.id === requestId);
  const status = request?.status ?? (requestId === null ? null : 'requested');
  const amounts: Record<RepaymentScope, string> = { instalment: loan.nextPaymentAmount ?? loan.amountOwed, balance: loan.amountOwed };

  useEffect(() => {
    if (request?.status === 'succeeded') {
      toast({ title: t('loans.toast.repaid'), description: t('loans.toast.repaidText', { amount: format.money(request.amount) }) });
      // The loan, its schedule, the summary and the dashboard all count this repayment.
      void queryClient.invalidateQueries();
      onDone();
    } else if (request?.status === 'failed') {
      toast({ variant: 'destructive', title: t('loans.toast.repayFailed'), description: providerReasonText(t, i18n.language, request.failureReason) });
    }
    // Each request reaches an outcome once; react to that transition only.
  }, [request?.status]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const current = attemptFor(attempt.current, { loanId: loan.id, scope }, () => crypto.randomUUID());
    attempt.current = current;
    repay.mutate(
      { loanId: loan.id, scope, idempotencyKey: current.key },
      {
        onSuccess: (answer) => {
          current.answered = true;
          setSentTo(answer.phoneNumber);
          setRequestId(answer.id);
        },
        onError: (error) => {
          const text = error instanceof ApiError ? serverErrorText(i18n, error) : '';
          toast({ variant: 'destructive', title: t('loans.toast.repayFailed'), description: text || t('loans.toast.repayRequestFailed') });
        },
      },
    );
  };

  const heading = (
    <div className="grid gap-1.5 pr-6">
      <DialogTitle className="text-xl font-semibold">{t('loans.repay.title')}</DialogTitle>
      <DialogDescription id="repay-description" className="text-sm text-muted-foreground">
        {t('loans.repay.description')}
      </DialogDescription>
    </div>
  );

  if (status === 'requested' || status === 'succeeded') {
    return (
      <>
        {heading}
        <MobileMoneyWaiting phone={sentTo ?? phoneNumber ?? ''} done={status === 'succeeded'} />
      </>
    );
  }
  if (status === 'failed') {
    return (
      <>
        {heading}
        <MobileMoneyFailed reason={request?.failureReason} onRetry={() => setRequestId(null)} />
      </>
    );
  }

  return (
    <>
      {heading}
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <fieldset className="grid gap-2">
          {(['instalment', 'balance'] as const).map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-center justify-between gap-3 rounded-xl border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <span className="flex items-center gap-3">
                <input type="radio" name="repay-scope" value={option} checked={scope === option} onChange={() => setScope(option)} className="size-4 accent-primary" data-testid={`radio-repay-${option}`} />
                <span className="text-sm font-medium">{t(`loans.repay.${option}`)}</span>
              </span>
              <span className="text-sm font-semibold tabular-nums">{format.money(amounts[option])}</span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={repay.isPending} data-testid="button-confirm-repay">
          {repay.isPending && <Loader2 className="animate-spin" />}
          {t('loans.repay.confirm', { amount: format.money(amounts[scope]) })}
        </Button>
      </form>
      <PayByCardButton request={() => ({ purpose: 'loan_repayment', loanId: loan.id, scope })} disabled={repay.isPending} />
    </>
  );
}
