import { ArrowLeft, CheckCircle2, Info, Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Check } from '../../../components/ui/check.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import type { KeyFacts } from '../api/loan-schemas.ts';
import { InstalmentTable } from './instalment-table.tsx';

/**
 * The key facts statement (BNR Regulation 02/2016) exactly as the server computed it: amount, term,
 * annual rate, APR, every fee, total interest, total cost and the instalment schedule. The member
 * confirms only after accepting it and consenting to be scored on their own records; the
 * application records both. `notice` says why the statement shown is a new one (the rate moved
 * between showing and confirming): the member reads and accepts it once more.
 */
export function KeyFactsStatement({
  statement,
  notice,
  submitting,
  onConfirm,
  onBack,
}: {
  statement: KeyFacts;
  notice?: string | undefined;
  submitting: boolean;
  onConfirm: (scoringConsent: boolean) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [accepted, setAccepted] = useState(false);
  const [consent, setConsent] = useState(false);
  const percent = (value: number) => t('loans.percent', { value: format.percent(value) });

  return (
    <Card className="grid gap-5 p-5 sm:p-6" data-testid="card-key-facts">
      <div>
        <h2 className="text-xl font-semibold">{t('loans.keyFacts.title')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('loans.keyFacts.description')}</p>
      </div>

      {notice !== undefined && (
        <p role="status" className="flex gap-2 rounded-xl border border-amber-500/50 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200" data-testid="notice-key-facts-renewed">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {notice}
        </p>
      )}

      <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
        <Fact label={t('loans.keyFacts.amount')} testId="fact-amount">{format.money(statement.amount)}</Fact>
        <Fact label={t('loans.keyFacts.term')} testId="fact-term">{t('loans.months', { count: statement.termMonths })}</Fact>
        <Fact label={t('loans.keyFacts.annualRate')} testId="fact-annual-rate">{percent(statement.annualRate)}</Fact>
        <Fact label={t('loans.keyFacts.apr')} testId="fact-apr">{percent(statement.apr)}</Fact>
        <Fact label={t('loans.keyFacts.fees')} testId="fact-fees">
          {statement.fees.length === 0 ? t('loans.keyFacts.noFees') : statement.fees.map((fee) => `${fee.name}: ${format.money(fee.amount)}`).join(' · ')}
        </Fact>
        <Fact label={t('loans.keyFacts.monthlyPayment')} testId="fact-monthly-payment">{format.money(statement.monthlyPayment)}</Fact>
        <Fact label={t('loans.keyFacts.instalments')} testId="fact-instalments">{statement.numberOfInstalments}</Fact>
        <Fact label={t('loans.keyFacts.totalInterest')} testId="fact-total-interest">{format.money(statement.totalInterest)}</Fact>
        <Fact label={t('loans.keyFacts.totalCost')} testId="fact-total-cost">{format.money(statement.totalCostOfCredit)}</Fact>
        <Fact label={t('loans.keyFacts.totalRepayable')} testId="fact-total-repayable" strong>
          {format.money(statement.totalRepayable)}
        </Fact>
      </dl>

      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">{t('loans.keyFacts.schedule')}</h3>
        <InstalmentTable instalments={statement.schedule} testId="table-key-facts-schedule" />
      </div>

      <div className="grid gap-3 rounded-xl bg-muted/50 p-4">
        <Check checked={accepted} onChange={setAccepted} testId="checkbox-accept-key-facts">
          {t('loans.keyFacts.accept')}
        </Check>
        <Check checked={consent} onChange={setConsent} testId="checkbox-scoring-consent">
          {t('loans.keyFacts.consent')}
        </Check>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={onBack} disabled={submitting} data-testid="button-key-facts-back">
          <ArrowLeft />
          {t('loans.keyFacts.back')}
        </Button>
        <Button onClick={() => onConfirm(consent)} disabled={!accepted || !consent || submitting} data-testid="button-confirm-application">
          {submitting ? <Loader2 className="animate-spin" /> : <CheckCircle2 />}
          {submitting ? t('loans.keyFacts.submitting') : t('loans.keyFacts.confirm')}
        </Button>
      </div>
    </Card>
  );
}

function Fact({ label, children, testId, strong = false }: { label: string; children: ReactNode; testId: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-border/60 pb-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={strong ? 'text-base font-semibold tabular-nums' : 'font-medium tabular-nums'} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
