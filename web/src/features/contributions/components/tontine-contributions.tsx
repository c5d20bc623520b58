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
  return (
    <Card className="overflow-x-auto" data-testid="table-tontine-contributions">
      <table className="w-full text-sm">
        <thead className="border-b border-border text-left text-muted-foreground">
          <tr>
            <th className="px-4 py-3 font-medium">{t('contributions.table.member')}</th>
            <th className="px-4 py-3 font-medium">{t('contributions.table.amount')}</th>
            <th className="px-4 py-3 font-medium">{t('contributions.table.status')}</th>
            <th className="px-4 py-3 font-medium">{t('contributions.table.date')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {data.map((row) => (
            <tr key={row.id} data-testid={`row-tontine-contribution-${row.id}`}>
              <td className="px-4 py-3 font-medium">{row.userName ?? '—'}</td>
              <td className="px-4 py-3 tabular-nums">{format.money(row.amount)}</td>
              <td className="px-4 py-3">
                <ContributionStatusBadge status={effectiveStatus(row, now)} testId={`status-tontine-contribution-${row.id}`} />
              </td>
              <td className="px-4 py-3 text-muted-foreground">{format.date(row.paidDate ?? row.dueDate ?? row.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
