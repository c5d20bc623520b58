import { useTranslation } from '../../../lib/use-translation.ts';
import { SkeletonRows } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { useTontineContributions } from '../api/get-tontine-contributions.ts';
import { effectiveStatus } from '../contribution-status.ts';
import { ContributionStatusBadge } from './contribution-status-badge.tsx';

/** A group's Contributions tab (spec part 1 §2.8, §3): userName, amount, status, date. */
export function TontineContributions({ tontineId }: { tontineId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { data, isPending, isError } = useTontineContributions(tontineId, { enabled: true });
  if (isPending) {
    return (
      <Card className="p-4">
        <SkeletonRows count={3} rowClassName="h-10" testId="skeleton-tontine-contributions" />
      </Card>
    );
  }
  if (isError) return <p role="alert" className="text-sm text-destructive">{t('contributions.loadFailed')}</p>;
  if (data.length === 0) {
    return <p className="rounded-2xl border border-dashed border-border px-6 py-12 text-center text-sm text-muted-foreground">{t('contributions.tontineEmpty')}</p>;
  }
  const now = new Date();
  // One row per contribution: on a phone two lines (who and how much; status and date), from sm a
  // table's four columns. A <table> was 517 px wide in Kinyarwanda at 360 px.
  const columns = 'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-4 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]';
  return (
    <Card className="min-w-0 text-sm" data-testid="table-tontine-contributions">
      <div className={`${columns} hidden border-b border-border font-medium text-muted-foreground sm:grid`}>
        <span>{t('contributions.table.member')}</span>
        <span>{t('contributions.table.amount')}</span>
        <span>{t('contributions.table.status')}</span>
        <span>{t('contributions.table.date')}</span>
      </div>
      <ul className="divide-y divide-border">
        {data.map((row) => (
          <li key={row.id} className={columns} data-testid={`row-tontine-contribution-${row.id}`}>
            <span className="min-w-0 break-words font-medium">{row.userName ?? '—'}</span>
            <span className="text-right tabular-nums sm:text-left">{format.money(row.amount)}</span>
            <span>
              <ContributionStatusBadge status={effectiveStatus(row, now)} testId={`status-tontine-contribution-${row.id}`} />
            </span>
            <span className="text-right text-muted-foreground sm:text-left">{format.date(row.paidDate ?? row.dueDate ?? row.createdAt)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
