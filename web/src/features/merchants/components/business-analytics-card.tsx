import { BrainCircuit, Clock, LineChart, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { LoadingRegion, Skeleton } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { useMerchantAnalytics } from '../api/get-merchant-analytics.ts';
import { hourRange, trendSign } from '../merchant-figures.ts';

/**
 * 'AI Business Analytics' (spec part 2 §2), computed by the server from the merchant's completed
 * payments instead of the spec's static text: the week's revenue trend, a next-week forecast and
 * the real peak hours, each labelled with the history it rests on.
 */
export function BusinessAnalyticsCard({ merchantId, children }: { merchantId: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { data: analytics, isPending, isError } = useMerchantAnalytics(merchantId);
  const lastWeek = analytics?.weeklyRevenue.at(-1);

  return (
    <Card tone="highlight" className="grid content-start gap-4 p-5" data-testid="card-business-analytics">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <BrainCircuit className="size-5 text-primary" />
        {t('analytics.title')}
      </h2>
      {isPending ? (
        <LoadingRegion className="grid gap-4" testId="skeleton-business-analytics">
          <Skeleton className="h-4 w-64 max-w-full" />
          <div className="grid gap-4 sm:grid-cols-3">
            <Skeleton rounded="rounded-xl" className="h-20" />
            <Skeleton rounded="rounded-xl" className="h-20" />
            <Skeleton rounded="rounded-xl" className="h-20" />
          </div>
        </LoadingRegion>
      ) : isError || analytics === undefined ? (
        <p className="text-sm text-muted-foreground">{t('analytics.basisNone')}</p>
      ) : (
        <>
          <p className="text-xs text-muted-foreground" data-testid="text-analytics-basis">
            {analytics.transactionsAnalysed === 0
              ? t('analytics.basisNone')
              : t('analytics.basis', {
                  transactions: t('analytics.basisPayments', { count: analytics.transactionsAnalysed }),
                  days: t('analytics.basisDays', { count: analytics.historyDays }),
                  weeks: t('analytics.basisWeeks', { count: analytics.completeWeeks }),
                })}
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            <Figure icon={TrendingUp} title={t('analytics.trendTitle')} testId="analytics-trend">
              {analytics.revenueTrendPercent === null ? (
                <p className="text-sm text-muted-foreground">{t('analytics.trendNoBase')}</p>
              ) : (
                <p className="font-semibold">
                  {t('analytics.trendChange', { sign: trendSign(analytics.revenueTrendPercent), percent: format.percent(Math.abs(analytics.revenueTrendPercent)) })}
                </p>
              )}
              {lastWeek !== undefined && <p className="text-xs text-muted-foreground">{t('analytics.lastWeek', { amount: format.money(lastWeek.revenue) })}</p>}
            </Figure>
            <Figure icon={LineChart} title={t('analytics.forecastTitle')} testId="analytics-forecast">
              {analytics.nextWeekForecast === null ? (
                <p className="text-sm text-muted-foreground">{t('analytics.forecastNone')}</p>
              ) : (
                <>
                  <p className="font-semibold">{format.money(analytics.nextWeekForecast)}</p>
                  <p className="text-xs text-muted-foreground">{t('analytics.forecastBasis', { count: Math.min(4, analytics.completeWeeks) })}</p>
                </>
              )}
            </Figure>
            <Figure icon={Clock} title={t('analytics.peakTitle')} testId="analytics-peak-hours">
              {analytics.peakHours === null ? (
                <p className="text-sm text-muted-foreground">{t('analytics.peakNone')}</p>
              ) : (
                <p className="text-sm font-semibold">{t('analytics.peakItem', { ...hourRange(analytics.peakHours.startHour, analytics.peakHours.endHour), count: analytics.peakHours.transactions })}</p>
              )}
            </Figure>
          </div>
        </>
      )}
      {children !== undefined && <div className="flex flex-wrap gap-2">{children}</div>}
    </Card>
  );
}

function Figure({ icon: Icon, title, testId, children }: { icon: typeof Clock; title: string; testId: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1 rounded-xl bg-background p-3" data-testid={testId}>
      <p className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-muted-foreground">
        <Icon className="size-3.5" />
        {title}
      </p>
      {children}
    </div>
  );
}
