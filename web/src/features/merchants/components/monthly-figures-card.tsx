import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { LoadingRegion, Skeleton } from '../../../components/skeleton.tsx';
import { StatementDownloads } from '../../../components/statement-downloads.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { shiftMonth, useMonthlyFigures } from '../api/get-monthly-figures.ts';

/**
 * The merchant's monthly figures (issue 27): one Kigali month's sales, fees, reversals, net,
 * settlements paid and working-capital withholdings, as the server reads them from the ledger.
 * It opens on the current month; the arrows step back (and forward again, up to this month).
 * The month shown downloads as a statement, PDF or CSV (issue 28).
 */
export function MonthlyFiguresCard({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [month, setMonth] = useState<string | null>(null);
  // The current month (the server's Kigali month): the latest one there is to show.
  const latest = useMonthlyFigures(merchantId, null).data?.month;
  const { data, isPending, isError } = useMonthlyFigures(merchantId, month);
  const shown = data?.month ?? month;

  const rows: [string, string, string][] = data
    ? [
        ['sales', t('monthlyFigures.sales', { count: data.sales.count }), format.money(data.sales.gross)],
        ['fees', t('monthlyFigures.fees'), format.money(data.fees)],
        ['reversals', t('monthlyFigures.reversals', { count: data.reversals.count }), format.money(data.reversals.net)],
        ['net', t('monthlyFigures.net'), format.money(data.net)],
        ['settlements', t('monthlyFigures.settlementsPaid'), format.money(data.settlementsPaid)],
        ['withheld', t('monthlyFigures.withheld'), format.money(data.withheldForWorkingCapital)],
      ]
    : [];

  return (
    <Card className="grid content-start gap-4 p-5" data-testid="card-monthly-figures">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <CalendarDays className="size-5 text-primary" />
          {t('monthlyFigures.title')}
        </h2>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label={t('monthlyFigures.previous')} disabled={!shown} onClick={() => shown && setMonth(shiftMonth(shown, -1))} data-testid="button-month-previous">
            <ChevronLeft />
          </Button>
          <span className="min-w-28 text-center text-sm font-medium capitalize" data-testid="text-month">
            {shown ? format.date(`${shown}-15T12:00:00Z`, 'monthYear') : '—'}
          </span>
          <Button variant="ghost" size="icon" aria-label={t('monthlyFigures.next')} disabled={!shown || shown === latest} onClick={() => shown && setMonth(shiftMonth(shown, 1))} data-testid="button-month-next">
            <ChevronRight />
          </Button>
        </div>
      </div>
      {isPending ? (
        <LoadingRegion className="grid gap-2" testId="skeleton-monthly-figures">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-3/4" />
        </LoadingRegion>
      ) : isError || !data ? (
        <p className="text-sm text-muted-foreground">{t('monthlyFigures.unavailable')}</p>
      ) : (
        <>
          <dl className="grid gap-1.5 text-sm">
            {rows.map(([key, label, value]) => (
              <div key={key} className={`flex flex-wrap justify-between gap-x-3 ${key === 'net' ? 'border-t pt-1.5 font-semibold' : ''}`} data-testid={`monthly-figure-${key}`}>
                <dt className={key === 'net' ? '' : 'text-muted-foreground'}>{label}</dt>
                <dd className="font-medium tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-muted-foreground">{t('monthlyFigures.basis')}</p>
          <div className="border-t pt-3">
            <StatementDownloads
              path={`/api/merchants/${encodeURIComponent(merchantId)}/statement?month=${data.month}`}
              fileName={`ikimina-statement-${data.month}`}
              label={t('statements.merchant')}
              testId="statement-merchant"
            />
          </div>
        </>
      )}
    </Card>
  );
}
