import { Banknote } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LoadingRegion, Skeleton } from '../../../components/skeleton.tsx';
import { Field } from '../../../components/field.tsx';
import { PayByCardButton } from '../../../components/pay-by-card-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { parseCentimes } from '../../../lib/money.ts';
import { failureText } from '../../../lib/server-text.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { repaymentProgress } from '../../../lib/money.ts';
import { useAcceptWorkingCapital, useApplyForWorkingCapital, useRepayWorkingCapital, useWorkingCapital, type WorkingCapitalKeyFacts, type WorkingCapitalLoan } from '../api/working-capital.ts';

const REASONS = ['merchant_not_verified', 'sales_history_too_short', 'working_capital_open', 'limit_below_minimum'] as const;
type Reason = (typeof REASONS)[number];
const isReason = (code: string): code is Reason => (REASONS as readonly string[]).includes(code);
const OPEN = ['pending', 'approved', 'active', 'overdue'];

/**
 * Working capital from sales (issue 27, DOMAIN "Business accounts"): the offer the server computed
 * from the last 90 days' net sales with the figures behind it, the key facts of an amount before
 * anything is accepted (flat fee in RWF and as an APR, withholding share, minimum pace, term), the
 * acceptance, and the repayment's progress. Repayment is withheld from weekly settlements.
 */
export function WorkingCapitalCard({ merchantId }: { merchantId: string }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const { data, isPending, isError } = useWorkingCapital(merchantId);
  const apply = useApplyForWorkingCapital(merchantId);
  const accept = useAcceptWorkingCapital(merchantId);
  const [amount, setAmount] = useState('');
  const limitFrancs = data ? Math.floor((parseCentimes(data.limit) ?? 0) / 100) : 0;
  const francs = amount === '' ? limitFrancs : Number(amount);
  const amountError = amount !== '' && (!Number.isInteger(francs) || francs < 10_000 || francs > limitFrancs) ? t('workingCapital.amountError', { limit: format.money(data?.limit) }) : undefined;
  const current = data?.current && OPEN.includes(data.current.status) ? data.current : undefined;

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (amountError !== undefined) return;
    apply.mutate(francs, { onError: (error) => toast({ variant: 'destructive', title: t('workingCapital.failed'), description: failureText(i18n, error, t('workingCapital.failedText')) }) });
  };
  const take = (loan: WorkingCapitalLoan) =>
    accept.mutate(loan.id, {
      onSuccess: () => toast({ title: t('workingCapital.acceptedToast'), description: t('workingCapital.acceptedToastText', { amount: format.money(loan.keyFacts.amount) }) }),
      onError: (error) => toast({ variant: 'destructive', title: t('workingCapital.failed'), description: failureText(i18n, error, t('workingCapital.failedText')) }),
    });

  return (
    <Card className="grid content-start gap-4 p-5" data-testid="card-working-capital">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Banknote className="size-5 text-primary" />
        {t('workingCapital.title')}
      </h2>
      {isPending ? (
        <LoadingRegion className="grid gap-3" testId="skeleton-working-capital">
          <Skeleton className="h-4 w-64 max-w-full" />
          <Skeleton rounded="rounded-xl" className="h-16" />
        </LoadingRegion>
      ) : isError || data === undefined ? (
        <p className="text-sm text-muted-foreground">{t('workingCapital.unavailable')}</p>
      ) : (
        <>
          <p className="text-xs text-muted-foreground" data-testid="text-working-capital-basis">
            {t('workingCapital.basis', { payments: t('workingCapital.basisPayments', { count: data.basis.payments }), net: format.money(data.basis.netSales), days: data.basis.days })}
          </p>
          {current !== undefined ? (
            <CurrentAdvance merchantId={merchantId} loan={current} onAccept={() => take(current)} accepting={accept.isPending} />
          ) : data.eligible ? (
            <form className="grid gap-3" onSubmit={ask} noValidate>
              <p className="text-2xl font-bold tabular-nums" data-testid="text-working-capital-limit">
                {t('workingCapital.upTo', { amount: format.money(data.limit) })}
              </p>
              <p className="text-sm text-muted-foreground">{t('workingCapital.howRepaid', { share: format.percent(data.offer?.withholdingPercent ?? 10) })}</p>
              <Field
                id="input-working-capital-amount"
                data-testid="input-working-capital-amount"
                label={t('workingCapital.amountLabel')}
                inputMode="numeric"
                placeholder={String(limitFrancs)}
                value={amount}
                onChange={(e) => setAmount(e.target.value.replace(/[^\d]/g, ''))}
                error={amountError}
              />
              <Button type="submit" disabled={apply.isPending} data-testid="button-working-capital-key-facts">
                {t('workingCapital.seeKeyFacts')}
              </Button>
            </form>
          ) : (
            <ul className="grid gap-1 text-sm text-muted-foreground" data-testid="list-working-capital-reasons">
              {data.reasons.map((r) => (
                <li key={r.code}>{isReason(r.code) ? t(`workingCapital.reasons.${r.code}`) : r.message}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}

function CurrentAdvance({ merchantId, loan, onAccept, accepting }: { merchantId: string; loan: WorkingCapitalLoan; onAccept: () => void; accepting: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (loan.status === 'pending') return <p className="text-sm" data-testid="text-working-capital-pending">{t('workingCapital.pending', { amount: format.money(loan.keyFacts.amount) })}</p>;
  if (loan.status === 'approved') {
    return (
      <div className="grid gap-3">
        <KeyFacts facts={loan.keyFacts} />
        <Button onClick={onAccept} disabled={accepting} data-testid="button-working-capital-accept">
          {t('workingCapital.accept', { amount: format.money(loan.keyFacts.amount) })}
        </Button>
      </div>
    );
  }
  const progress = repaymentProgress(loan.repaid, loan.keyFacts.totalRepayable);
  return (
    <div className="grid gap-1.5" data-testid="working-capital-progress">
      {loan.status === 'overdue' && <p role="alert" className="text-sm font-medium text-destructive">{t('workingCapital.overdue')}</p>}
      <div className="flex items-center justify-between text-xs text-muted-foreground">
        <span>{t('workingCapital.progress')}</span>
        <span className="tabular-nums">{progress}%</span>
      </div>
      <div className="h-2.5 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label={t('workingCapital.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
        <div className="h-full rounded-full bg-primary" style={{ width: `${progress}%` }} />
      </div>
      <p className="text-xs text-muted-foreground" data-testid="text-working-capital-owed">
        {t('workingCapital.repaidOf', { repaid: format.money(loan.repaid), total: format.money(loan.keyFacts.totalRepayable) })} · {t('workingCapital.owed', { amount: format.money(loan.owed) })}
      </p>
      <p className="text-xs text-muted-foreground">{t('workingCapital.howRepaid', { share: format.percent(loan.keyFacts.withholdingPercent) })}</p>
      <RepayEarly merchantId={merchantId} loan={loan} />
    </div>
  );
}

/**
 * Repaying early (or a shortfall on the minimum), at no extra cost: a dialog with the amount (all
 * that is owed unless the owner types less, whole francs, never more than owed) and the two ways
 * to pay it, mobile money from the business's number or card on the processor's page.
 */
function RepayEarly({ merchantId, loan }: { merchantId: string; loan: WorkingCapitalLoan }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const repay = useRepayWorkingCapital(merchantId);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const owedFrancs = Math.floor((parseCentimes(loan.owed) ?? 0) / 100);
  const francs = amount === '' ? owedFrancs : Number(amount);
  const valid = Number.isInteger(francs) && francs >= 1 && francs <= owedFrancs;
  const amountText = format.money(francs);

  const byMobileMoney = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    repay.mutate(
      { loanId: loan.id, francs },
      {
        onSuccess: (asked) => {
          setOpen(false);
          setAmount('');
          toast({ title: t('workingCapital.repayToast'), description: t('workingCapital.repayToastText', { amount: format.money(asked.amount), phone: asked.phoneNumber }) });
        },
        onError: (error) => toast({ variant: 'destructive', title: t('workingCapital.failed'), description: failureText(i18n, error, t('workingCapital.failedText')) }),
      },
    );
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="button-working-capital-repay">
        {t('workingCapital.repayOpen')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <DialogContent closeLabel={t('common.close')} data-testid="dialog-working-capital-repay" aria-describedby="working-capital-repay-text">
            <form className="grid gap-4" onSubmit={byMobileMoney} noValidate>
              <div className="grid gap-1.5 pr-6">
                <DialogTitle>{t('workingCapital.repayTitle')}</DialogTitle>
                <DialogDescription id="working-capital-repay-text">{t('workingCapital.repayText', { amount: format.money(loan.owed) })}</DialogDescription>
              </div>
              <Field
                id="input-working-capital-repay-amount"
                data-testid="input-working-capital-repay-amount"
                label={t('workingCapital.amountLabel')}
                inputMode="numeric"
                placeholder={String(owedFrancs)}
                value={amount}
                onChange={(e) => setAmount(e.target.value.replace(/[^\d]/g, ''))}
                error={valid ? undefined : t('workingCapital.repayAmountError', { owed: format.money(loan.owed) })}
              />
              <Button type="submit" size="tall" disabled={!valid || repay.isPending} data-testid="button-working-capital-repay-mobile">
                <span className="whitespace-normal">{t('workingCapital.repayByMobileMoney', { amount: amountText })}</span>
              </Button>
              {/* The same amount by card, on the processor's page; the return page brings the owner back here. */}
              <PayByCardButton
                request={() => (valid ? { purpose: 'working_capital', merchantId, loanId: loan.id, amount: francs } : null)}
                disabled={!valid || repay.isPending}
                label={t('workingCapital.repayByCard', { amount: amountText })}
              />
            </form>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}

function KeyFacts({ facts }: { facts: WorkingCapitalKeyFacts }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const rows: [string, string, string][] = [
    ['amount', t('workingCapital.facts.amount'), format.money(facts.amount)],
    ['fee', t('workingCapital.facts.fee'), `${format.money(facts.fee)} (${format.percent(facts.feePercent)}%)`],
    ['apr', t('workingCapital.facts.apr'), `${format.percent(facts.aprPercent)}%`],
    ['total', t('workingCapital.facts.total'), format.money(facts.totalRepayable)],
    ['withholding', t('workingCapital.facts.withholding'), t('workingCapital.facts.withholdingValue', { share: format.percent(facts.withholdingPercent), weekly: format.money(facts.expectedWeeklyRepayment), weeks: facts.expectedWeeks })],
    ['minimum', t('workingCapital.facts.minimum'), format.money(facts.minimumEvery60Days)],
    ['term', t('workingCapital.facts.term'), t('workingCapital.facts.termValue', { months: facts.termMonths })],
    ['early', t('workingCapital.facts.early'), format.money(facts.earlyRepaymentFee)],
  ];
  return (
    <div className="grid gap-2 rounded-xl bg-muted/40 p-3" data-testid="working-capital-key-facts">
      <p className="text-sm font-semibold">{t('workingCapital.facts.title')}</p>
      <dl className="grid gap-1.5 text-sm">
        {rows.map(([key, label, value]) => (
          <div key={key} className="flex flex-wrap justify-between gap-x-3" data-testid={`key-fact-${key}`}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
