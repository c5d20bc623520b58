import { CalendarClock, ChevronDown, ChevronUp, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { useLoanSchedule } from '../api/get-loan-schedule.ts';
import { useLoans } from '../api/get-loans.ts';
import type { Loan } from '../api/loan-schemas.ts';
import { repaymentProgress } from '../../../lib/money.ts';
import { decisionReasonText } from '../decision-reason-text.ts';
import { InstalmentTable } from './instalment-table.tsx';
import { RepayLoanButton } from './repay-loan-button.tsx';

const STATUS_VARIANT = {
  pending: 'warning',
  approved: 'secondary',
  rejected: 'destructive',
  active: 'success',
  overdue: 'destructive',
  repaid: 'outline',
} as const;

export function MyLoansTab({ onApplyFirst, phoneNumber }: { onApplyFirst: () => void; phoneNumber: string | null | undefined }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useLoans({ enabled: true });
  if (isPending) {
    return (
      <LoadingRegion testId="skeleton-loans">
        <Skeleton rounded="rounded-2xl" className="h-48" />
      </LoadingRegion>
    );
  }
  if (isError) return <p role="alert" className="rounded-xl border border-destructive/40 px-4 py-3 text-sm text-destructive">{t('loans.loadFailed')}</p>;
  if (data.length === 0) {
    return (
      <EmptyState title={t('loans.myLoans.emptyTitle')} text={t('loans.myLoans.emptyText')} testId="state-no-loans">
        <Button onClick={onApplyFirst} data-testid="button-apply-first-loan">
          <Plus />
          {t('loans.applyFirst')}
        </Button>
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4">
      {data.map((loan) => (
        <LoanCard key={loan.id} loan={loan} phoneNumber={phoneNumber} />
      ))}
    </div>
  );
}

function LoanCard({ loan, phoneNumber }: { loan: Loan; phoneNumber: string | null | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const reason = decisionReasonText(t, format.money, loan);
  const [showSchedule, setShowSchedule] = useState(false);
  // Spec §4: only active loans show the next payment and the progress bar; an overdue loan is still running.
  const running = loan.status === 'active' || loan.status === 'overdue';
  const progress = repaymentProgress(loan.totalPaid, loan.amount);

  return (
    <Card className="flex flex-col gap-4 p-5" data-testid={`card-loan-${loan.id}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-2xl font-semibold tabular-nums" data-testid={`text-loan-amount-${loan.id}`}>
            {format.money(loan.amount)}
          </p>
          <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{loan.purpose}</p>
        </div>
        <Badge variant={STATUS_VARIANT[loan.status]} data-testid={`status-loan-${loan.id}`}>
          {t(`loans.status.${loan.status}`)}
        </Badge>
      </div>

      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:max-w-3xl">
        <div>
          <dt className="text-muted-foreground">{t('loans.recommendations.rate')}</dt>
          <dd className="font-medium">{t('loans.myLoans.rate', { rate: format.percent(loan.interestRate) })}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('loans.recommendations.term')}</dt>
          <dd className="font-medium">{t('loans.months', { count: loan.termMonths })}</dd>
        </div>
        {running && (
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-muted-foreground">{t('loans.myLoans.nextPayment')}</dt>
            <dd className="flex items-center gap-1.5 font-medium" data-testid={`text-next-payment-${loan.id}`}>
              <CalendarClock className="size-4 text-muted-foreground" />
              {loan.nextPaymentDate
                ? t('loans.myLoans.nextPaymentAmount', { amount: format.money(loan.nextPaymentAmount), date: format.date(loan.nextPaymentDate) })
                : t('loans.myLoans.tbd')}
            </dd>
          </div>
        )}
      </dl>

      {running && (
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <span>{t('loans.myLoans.progress')}</span>
            <span className="tabular-nums" data-testid={`text-progress-${loan.id}`}>
              {progress}%
            </span>
          </div>
          <div
            className="h-2.5 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label={t('loans.myLoans.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            data-testid={`progress-loan-${loan.id}`}
          >
            <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${progress}%` }} />
          </div>
          <p className="text-xs text-muted-foreground">
            {t('loans.myLoans.progressText', { paid: format.money(loan.totalPaid), amount: format.money(loan.amount) })} ·{' '}
            {t('loans.myLoans.owed', { amount: format.money(loan.amountOwed) })}
          </p>
        </div>
      )}

      {reason && !running && <p className="text-xs text-muted-foreground">{t('loans.myLoans.decision', { reason })}</p>}
      <p className="text-xs text-muted-foreground">{t('loans.myLoans.applied', { date: format.date(loan.appliedAt) })}</p>

      {running && (
        <div className="flex flex-wrap gap-2">
          <RepayLoanButton loan={loan} phoneNumber={phoneNumber} />
          <Button variant="outline" onClick={() => setShowSchedule((shown) => !shown)} aria-expanded={showSchedule} data-testid={`button-schedule-${loan.id}`}>
            {showSchedule ? <ChevronUp /> : <ChevronDown />}
            {showSchedule ? t('loans.myLoans.hideSchedule') : t('loans.myLoans.showSchedule')}
          </Button>
        </div>
      )}
      {running && showSchedule && <LoanSchedule loanId={loan.id} />}
    </Card>
  );
}

function LoanSchedule({ loanId }: { loanId: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useLoanSchedule(loanId, { enabled: true });
  if (isPending) {
    return (
      <LoadingRegion testId={`skeleton-schedule-${loanId}`}>
        <Skeleton rounded="rounded-xl" className="h-24" />
      </LoadingRegion>
    );
  }
  if (isError) return <p role="alert" className="text-sm text-destructive">{t('loans.myLoans.scheduleFailed')}</p>;
  return <InstalmentTable instalments={data} testId={`table-schedule-${loanId}`} />;
}
