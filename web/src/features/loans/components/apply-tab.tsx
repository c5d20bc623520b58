import { useQueryClient } from '@tanstack/react-query';
import { FileText, Loader2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { parseCentimes } from '../../../lib/money.ts';
import { attemptFor, type RequestAttempt } from '../../../lib/request-attempt.ts';
import { serverErrorText } from '../../../lib/server-text.ts';
import { KeyFactsOutdated, useApplyForLoan } from '../api/apply-for-loan.ts';
import type { KeyFacts, Loan, LoanEligibility } from '../api/loan-schemas.ts';
import { useRequestKeyFacts } from '../api/request-key-facts.ts';
import { monthlyPayment, parseAmountInput, TERM_OPTIONS, validateLoanForm, type LoanForm } from '../loan-form.ts';
import { EligibilityChecklist } from './eligibility-checklist.tsx';
import { KeyFactsStatement } from './key-facts-statement.tsx';

/**
 * The application: what borrowing needs first (the eligibility checklist), then, once nothing is
 * missing, the form with its preview, then the key facts statement from the server, which the
 * member accepts, with their scoring consent, before the application is sent. When the rate moved
 * in between, the server's new statement replaces the old one in place, with a word on why.
 */
export function ApplyTab({
  initial,
  eligibility,
  onApplied,
  onSeeMyLoans,
}: {
  initial: LoanForm;
  eligibility: { data: LoanEligibility | undefined; pending: boolean; failed: boolean };
  onApplied: () => void;
  onSeeMyLoans: () => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<LoanForm>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [statement, setStatement] = useState<KeyFacts | null>(null);
  /** Set when the statement shown replaced one whose rate had moved. */
  const [renewedRate, setRenewedRate] = useState<number | null>(null);
  const attempt = useRef<RequestAttempt<{ keyFactsId: string }> | null>(null);
  const keyFacts = useRequestKeyFacts();
  const apply = useApplyForLoan();
  const availableFrancs = eligibility.data?.eligible ? Math.floor((parseCentimes(eligibility.data.maximumLoan) ?? 0) / 100) : undefined;
  const errors = validateLoanForm(form, availableFrancs);

  const failed = (error: Error) => {
    const text = error instanceof ApiError ? serverErrorText(i18n, error) : '';
    toast({ variant: 'destructive', title: t('loans.toast.applicationFailed'), description: text || t('loans.toast.applicationFailedText') });
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length > 0) return;
    keyFacts.mutate(form, {
      onSuccess: (shown) => {
        setRenewedRate(null);
        setStatement(shown);
      },
      onError: failed,
    });
  };

  const confirm = (scoringConsent: boolean) => {
    if (statement === null) return;
    const current = attemptFor(attempt.current, { keyFactsId: statement.id }, () => crypto.randomUUID());
    attempt.current = current;
    apply.mutate(
      { form, keyFactsId: statement.id, scoringConsent, idempotencyKey: current.key },
      {
        onSuccess: (loan) => {
          current.answered = true;
          toast({ title: t('loans.toast.submitted'), description: submittedText(loan) });
          void queryClient.invalidateQueries();
          onApplied();
        },
        onError: (error) => {
          if (!(error instanceof KeyFactsOutdated)) return failed(error);
          // One more confirmation on the new statement (the server recorded it): never a loop.
          setRenewedRate(error.keyFacts.annualRate);
          setStatement(error.keyFacts);
        },
      },
    );
  };

  const submittedText = (loan: Loan) => {
    const amount = format.money(loan.amount);
    if (loan.status === 'active') return t('loans.toast.submittedActive', { amount });
    if (loan.status === 'pending') return t('loans.toast.submittedPending', { amount });
    return t('loans.toast.submittedOther', { amount, status: t(`loans.status.${loan.status}`) });
  };

  if (statement !== null) {
    return (
      <KeyFactsStatement
        // A new statement is read and accepted afresh: its checkboxes start unticked.
        key={statement.id}
        statement={statement}
        notice={renewedRate === null ? undefined : t('loans.keyFacts.rateChanged', { rate: t('loans.percent', { value: format.percent(renewedRate) }) })}
        submitting={apply.isPending}
        onConfirm={confirm}
        onBack={() => setStatement(null)}
      />
    );
  }

  if (eligibility.pending) {
    return (
      <LoadingRegion testId="skeleton-loan-eligibility">
        <Skeleton rounded="rounded-2xl" className="h-64" />
      </LoadingRegion>
    );
  }
  if (eligibility.failed || eligibility.data === undefined) {
    return <p role="alert" className="rounded-xl border border-destructive/40 px-4 py-3 text-sm text-destructive">{t('loans.eligibility.failed')}</p>;
  }
  const checklist = <EligibilityChecklist eligibility={eligibility.data} onSeeMyLoans={onSeeMyLoans} />;
  if (!eligibility.data.eligible) {
    return (
      <div className="grid gap-4">
        {checklist}
        <p className="text-sm text-muted-foreground" data-testid="text-form-next">
          {t('loans.eligibility.formNext')}
        </p>
      </div>
    );
  }
  const availableCredit = eligibility.data.maximumLoan;

  const error = (field: keyof LoanForm) =>
    showErrors && errors[field] !== undefined ? (
      <p className="text-xs text-destructive" role="alert" data-testid={`error-loan-${field}`}>
        {t(`loans.validation.${errors[field]}`, { amount: format.money(eligibility.data?.maximumLoan) })}
      </p>
    ) : null;

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <div className="lg:col-span-5">{checklist}</div>
      <Card className="p-5 lg:col-span-3">
        <h2 className="text-lg font-semibold">{t('loans.apply.title')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('loans.apply.description')}</p>
        <form className="mt-5 grid gap-4" onSubmit={review} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="loan-amount">{t('loans.apply.amount')}</Label>
            <Input
              id="loan-amount"
              type="number"
              inputMode="numeric"
              min={0}
              step={1000}
              // A cleared field stays empty (the amount reads 0 and fails the minimum), never a "0" typed back in.
              value={form.amount === 0 ? '' : form.amount}
              onChange={(event) => setForm({ ...form, amount: parseAmountInput(event.target.value) })}
              aria-invalid={showErrors && errors.amount !== undefined}
              data-testid="input-loan-amount"
            />
            <p className="text-xs text-muted-foreground" data-testid="text-available-credit">
              {t('loans.apply.limit', { amount: format.money(availableCredit) })}
            </p>
            {error('amount')}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="loan-term">{t('loans.apply.term')}</Label>
            <select
              id="loan-term"
              value={form.termMonths}
              onChange={(event) => setForm({ ...form, termMonths: Number(event.target.value) })}
              className="flex h-10 max-sm:h-11 w-full cursor-pointer rounded-lg border border-input bg-background px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              data-testid="select-loan-term"
            >
              {TERM_OPTIONS.map((term) => (
                <option key={term} value={term}>
                  {t('loans.months', { count: term })}
                </option>
              ))}
            </select>
            {error('termMonths')}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="loan-purpose">{t('loans.apply.purpose')}</Label>
            <Textarea
              id="loan-purpose"
              value={form.purpose}
              onChange={(event) => setForm({ ...form, purpose: event.target.value })}
              placeholder={t('loans.apply.purposePlaceholder')}
              aria-invalid={showErrors && errors.purpose !== undefined}
              data-testid="input-loan-purpose"
            />
            {error('purpose')}
          </div>
          <Button type="submit" disabled={keyFacts.isPending} data-testid="button-review-key-facts">
            {keyFacts.isPending ? <Loader2 className="animate-spin" /> : <FileText />}
            {keyFacts.isPending ? t('loans.apply.reviewing') : t('loans.apply.review')}
          </Button>
        </form>
      </Card>

      <Card className="h-fit p-5 lg:col-span-2" data-testid="card-loan-preview">
        <h2 className="font-semibold">{t('loans.apply.previewTitle')}</h2>
        <dl className="mt-4 grid gap-3 text-sm">
          <div className="flex items-center justify-between gap-3">
            <dt className="text-muted-foreground">{t('loans.keyFacts.amount')}</dt>
            <dd className="font-medium tabular-nums">{format.money(form.amount)}</dd>
          </div>
          <div className="flex items-center justify-between gap-3">
            <dt className="text-muted-foreground">{t('loans.keyFacts.term')}</dt>
            <dd className="font-medium">{t('loans.months', { count: form.termMonths })}</dd>
          </div>
          <div className="flex items-center justify-between gap-3">
            <dt className="text-muted-foreground">{t('loans.apply.previewMonthly')}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="text-preview-monthly">
              {format.money(monthlyPayment(form.amount, form.termMonths))}
            </dd>
          </div>
          <div className="flex items-center justify-between gap-3">
            <dt className="text-muted-foreground">{t('loans.apply.previewRate')}</dt>
            <dd className="font-medium" data-testid="text-preview-rate">
              {t('loans.apply.previewRateText')}
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-xs text-muted-foreground">{t('loans.apply.previewNote')}</p>
      </Card>
    </div>
  );
}
