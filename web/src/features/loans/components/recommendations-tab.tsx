import { ArrowRight, Check as CheckIcon, Gauge } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { useLoanRecommendations } from '../api/get-loan-recommendations.ts';
import type { LoanRecommendation } from '../api/loan-schemas.ts';

/** Loans the member could take now, from their own limit, score and savings; choosing one fills the form. */
export function RecommendationsTab({ onChoose, onCheckCreditScore }: { onChoose: (recommendation: LoanRecommendation) => void; onCheckCreditScore: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { data, isPending, isError } = useLoanRecommendations({ enabled: true });
  if (isPending) {
    return (
      <LoadingRegion testId="skeleton-loan-recommendations">
        <Skeleton rounded="rounded-2xl" className="h-56" />
      </LoadingRegion>
    );
  }
  if (isError) return <p role="alert" className="rounded-xl border border-destructive/40 px-4 py-3 text-sm text-destructive">{t('loans.recommendations.failed')}</p>;
  if (data.length === 0) {
    return (
      <EmptyState title={t('loans.recommendations.emptyTitle')} text={t('loans.recommendations.emptyText')} testId="state-no-recommendations">
        <Button variant="outline" onClick={onCheckCreditScore} data-testid="button-recommendations-credit-score">
          <Gauge />
          {t('loans.checkCreditScore')}
        </Button>
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {data.map((recommendation) => (
        <Card key={recommendation.type} className="flex flex-col gap-4 p-5" data-testid={`card-loan-recommendation-${recommendation.type}`}>
          <div className="flex items-start justify-between gap-3">
            <h3 className="font-semibold">{t(`loans.recommendations.types.${recommendation.type}`)}</h3>
            <span className="shrink-0 rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary">
              {t('loans.recommendations.confidence', { percent: Math.round(recommendation.confidence * 100) })}
            </span>
          </div>
          <p className="text-sm text-muted-foreground">{recommendation.purpose}</p>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">{t('loans.recommendations.amount')}</dt>
              <dd className="font-semibold tabular-nums">{format.money(recommendation.amount)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('loans.recommendations.rate')}</dt>
              <dd className="font-semibold">{t('loans.percent', { value: format.percent(recommendation.estimatedRate) })}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('loans.recommendations.term')}</dt>
              <dd className="font-semibold">{t('loans.months', { count: recommendation.termMonths })}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('loans.recommendations.monthly')}</dt>
              <dd className="font-semibold tabular-nums">{format.money(recommendation.monthlyPayment)}</dd>
            </div>
          </dl>
          <ul className="grid gap-1.5 text-xs text-muted-foreground">
            {recommendation.benefits.map((benefit) => (
              <li key={benefit} className="flex gap-2">
                <CheckIcon className="mt-0.5 size-3.5 shrink-0 text-primary" />
                <span>{benefit}</span>
              </li>
            ))}
          </ul>
          <Button className="mt-auto" onClick={() => onChoose(recommendation)} data-testid={`button-choose-recommendation-${recommendation.type}`}>
            {t('loans.recommendations.choose')}
            <ArrowRight />
          </Button>
        </Card>
      ))}
    </div>
  );
}
