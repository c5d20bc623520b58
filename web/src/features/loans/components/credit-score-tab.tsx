import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Gauge, Loader2, Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CreditRatingText } from '../../../components/credit-rating.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Check } from '../../../components/ui/check.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { parseCentimes } from '../../../lib/money.ts';
import { serverErrorText } from '../../../lib/server-text.ts';
import { SCORE_REFETCH_DELAY_MS, useAssessCredit } from '../api/assess-credit.ts';
import { useCreditScore } from '../api/get-credit-score.ts';
import type { CreditAssessment } from '../api/loan-schemas.ts';
import { adviceTexts, factorDescription, factorName } from '../credit-words.ts';

const IMPACT_ICON = { positive: TrendingUp, negative: TrendingDown, neutral: Minus } as const;
const IMPACT_CLASS = { positive: 'text-emerald-700 dark:text-emerald-400', negative: 'text-destructive', neutral: 'text-muted-foreground' } as const;

/**
 * The latest credit assessment, and Check Credit Score: an assessment of the member's own records,
 * read back 2 s later. A loan limit below the minimum loan says so, with the way to what borrowing
 * needs (the Apply tab's checklist).
 */
export function CreditScoreTab({ minimumLoan, onSeeWhatIsNeeded }: { minimumLoan: string | undefined; onSeeWhatIsNeeded: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useCreditScore({ enabled: true });
  const assess = useAssessCredit();
  const [consent, setConsent] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const check = () =>
    assess.mutate(
      { consent },
      {
        onSuccess: () => {
          toast({ title: t('loans.toast.assessmentStarted'), description: t('loans.toast.assessmentStartedText') });
          setWaiting(true);
          timer.current = setTimeout(() => {
            setWaiting(false);
            // The score, the limit and the recommendations all follow from the new assessment.
            void queryClient.invalidateQueries();
          }, SCORE_REFETCH_DELAY_MS);
        },
        onError: (error) => {
          const text = error instanceof ApiError ? serverErrorText(i18n, error) : '';
          toast({ variant: 'destructive', title: t('loans.toast.assessmentFailed'), description: text || t('loans.toast.assessmentFailedText') });
        },
      },
    );

  const busy = assess.isPending || waiting;
  const action = (
    <div className="grid max-w-md justify-items-center gap-3">
      <Check checked={consent} onChange={setConsent} testId="checkbox-credit-consent">
        {t('loans.credit.consent')}
      </Check>
      <Button onClick={check} disabled={!consent || busy} data-testid="button-check-credit-score">
        {busy ? <Loader2 className="animate-spin" /> : <Gauge />}
        {busy ? t('loans.credit.checking') : t('loans.checkCreditScore')}
      </Button>
    </div>
  );

  if (isPending) {
    return (
      <LoadingRegion testId="skeleton-credit-score">
        <Skeleton rounded="rounded-2xl" className="h-56" />
      </LoadingRegion>
    );
  }
  if (isError) return <p role="alert" className="rounded-xl border border-destructive/40 px-4 py-3 text-sm text-destructive">{t('loans.credit.failed')}</p>;
  if (data === null) {
    return (
      <EmptyState title={t('loans.credit.emptyTitle')} text={t('loans.credit.emptyText')} testId="state-no-credit-score">
        {action}
      </EmptyState>
    );
  }
  return <Assessment assessment={data} action={action} minimumLoan={minimumLoan} onSeeWhatIsNeeded={onSeeWhatIsNeeded} />;
}

function Assessment({
  assessment,
  action,
  minimumLoan,
  onSeeWhatIsNeeded,
}: {
  assessment: CreditAssessment;
  action: ReactNode;
  minimumLoan: string | undefined;
  onSeeWhatIsNeeded: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  // The score's place on the 300–850 scale, for the bar under it.
  const position = Math.round(((assessment.score - 300) / 550) * 100);
  const minimum = minimumLoan === undefined ? null : parseCentimes(minimumLoan);
  const limit = parseCentimes(assessment.maxLoanAmount);
  const belowMinimum = minimum !== null && limit !== null && limit < minimum;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="grid h-fit gap-4 p-5" data-testid="card-credit-score">
        <div>
          <p className="text-sm text-muted-foreground">{t('loans.credit.score')}</p>
          <p className="text-5xl font-bold tabular-nums" data-testid="text-credit-score">
            {assessment.score}
          </p>
          <p className="mt-1">
            <CreditRatingText rating={assessment.rating} testId="text-credit-rating" />
          </p>
          <div className="mt-3 h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <div className="h-full rounded-full bg-gradient-to-r from-amber-500 to-emerald-600" style={{ width: `${position}%` }} />
          </div>
        </div>
        <div className="grid gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="text-muted-foreground">{t('loans.credit.maxLoan')}</span>
            <span className="font-semibold tabular-nums" data-testid="text-max-loan">
              {format.money(assessment.maxLoanAmount)}
            </span>
          </div>
          {belowMinimum && (
            <>
              <p className="text-xs text-amber-700 dark:text-amber-400" data-testid="text-max-loan-below-minimum">
                {t('loans.credit.belowMinimum', { minimum: format.money(minimumLoan) })}
              </p>
              <Button variant="outline" size="tall" className="w-fit max-w-full" onClick={onSeeWhatIsNeeded} data-testid="button-see-what-is-needed">
                <span className="min-w-0 whitespace-normal text-left">{t('loans.credit.whatIsNeeded')}</span>
                <ArrowRight />
              </Button>
            </>
          )}
        </div>
        <p className="text-xs text-muted-foreground" data-testid="text-model-version">
          {t('loans.credit.model', { version: assessment.modelVersion, date: format.date(assessment.assessedAt) })}
        </p>
        {action}
      </Card>

      <Card className="p-5 lg:col-span-2">
        <h3 className="font-semibold">{t('loans.credit.factors')}</h3>
        <ul className="mt-4 divide-y divide-border">
          {assessment.factors.map((factor) => {
            const Icon = IMPACT_ICON[factor.impact];
            return (
              <li key={factor.factor} className="flex items-start gap-3 py-3" data-testid="row-credit-factor">
                <Icon className={`mt-0.5 size-4 shrink-0 ${IMPACT_CLASS[factor.impact]}`} />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">{factorName(t, factor)}</p>
                  <p className="text-sm text-muted-foreground">{factorDescription(t, format.money, factor)}</p>
                </div>
                <div className="shrink-0 text-right text-xs">
                  <p className={`font-semibold ${IMPACT_CLASS[factor.impact]}`}>{t(`loans.credit.impact.${factor.impact}`)}</p>
                  <p className="text-muted-foreground">{t('loans.credit.weight', { percent: Math.round(factor.weight * 100) })}</p>
                </div>
              </li>
            );
          })}
        </ul>
        <h3 className="mt-6 font-semibold">{t('loans.credit.recommendations')}</h3>
        <ul className="mt-3 grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
          {adviceTexts(t, assessment).map((recommendation) => (
            <li key={recommendation}>{recommendation}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
