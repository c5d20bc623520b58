import { BrainCircuit, Clock, LineChart, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

  return (
    <Card className="grid content-start gap-4 border-primary/30 bg-primary/5 p-5" data-testid="card-business-analytics">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <BrainCircuit className="size-5 text-primary" />
        {t('analytics.title')}
      </h2>
      {isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t('pay.loading')}
        </p>
      ) : isError || analytics === undefined ? (
        <p className="text-sm text-muted-foreground">{t('analytics.basisNone')}</p>
      ) : (
        <>
          <p className="text-xs text-muted-foreground" data-testid="text-analytics-basis">
            {analytics.basis.transactions === 0 ? t('analytics.basisNone') : t('analytics.basis', { transactions: analytics.basis.transactions, weeks: analytics.basis.weeks })}
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            <Figure icon={TrendingUp} title={t('analytics.trendTitle')} testId="analytics-trend">
              {analytics.trend ? (
                <>
                  <p className="font-semibold">
                    {analytics.trend.changePercent === null || analytics.trend.changePercent === undefined
                      ? t('analytics.trendNoBase')
                      : t('analytics.trendChange', { sign: trendSign(analytics.trend.changePercent), percent: format.percent(Math.abs(analytics.trend.changePercent)) })}
                  </p>
                  <p className="text-xs text-muted-foreground">{t('analytics.lastWeek', { amount: format.money(analytics.trend.lastWeekRevenue) })}</p>
                </>
              ) : (
                <p className="text-sm text-muted-foreground">{t('analytics.trendNoBase')}</p>
              )}
            </Figure>
            <Figure icon={LineChart} title={t('analytics.forecastTitle')} testId="analytics-forecast">
              {analytics.forecast ? <p className="font-semibold">{format.money(analytics.forecast.nextWeekRevenue)}</p> : <p className="text-sm text-muted-foreground">{t('analytics.forecastNone')}</p>}
            </Figure>
            <Figure icon={Clock} title={t('analytics.peakTitle')} testId="analytics-peak-hours">
              {analytics.peakHours.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('analytics.peakNone')}</p>
              ) : (
                <ul className="grid gap-0.5 text-sm">
                  {analytics.peakHours.slice(0, 3).map((peak) => (
                    <li key={peak.hour}>{t('analytics.peakItem', { ...hourRange(peak.hour), count: peak.transactions })}</li>
                  ))}
                </ul>
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
