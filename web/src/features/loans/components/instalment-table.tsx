import { useTranslation } from '../../../lib/use-translation.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import type { Instalment } from '../api/loan-schemas.ts';

type Row = Omit<Instalment, 'amountPaid' | 'status'> & Partial<Pick<Instalment, 'status'>>;

/** A repayment schedule: the key facts' (before the loan exists) or a running loan's, with each instalment's status. */
export function InstalmentTable({ instalments, testId }: { instalments: readonly Row[]; testId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const withStatus = instalments.some((instalment) => instalment.status !== undefined);
  const cell = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
  return (
    <div className="max-h-80 overflow-auto rounded-xl border border-border" data-testid={testId}>
      <table className="w-full text-sm">
        <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
          <tr>
            <th className="px-3 py-2 text-left font-medium">{t('loans.schedule.number')}</th>
            <th className="px-3 py-2 text-left font-medium">{t('loans.schedule.dueDate')}</th>
            <th className="px-3 py-2 text-right font-medium">{t('loans.schedule.amount')}</th>
            <th className="px-3 py-2 text-right font-medium">{t('loans.schedule.interest')}</th>
            <th className="px-3 py-2 text-right font-medium">{t('loans.schedule.principal')}</th>
            <th className="px-3 py-2 text-right font-medium">{t('loans.schedule.balanceAfter')}</th>
            {withStatus && <th className="px-3 py-2 text-left font-medium">{t('loans.schedule.status')}</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {instalments.map((instalment) => (
            <tr key={instalment.number} data-testid={`row-instalment-${instalment.number}`}>
              <td className="px-3 py-2 tabular-nums">{instalment.number}</td>
              <td className="px-3 py-2 whitespace-nowrap">{format.date(instalment.dueDate)}</td>
              <td className={cell}>{format.money(instalment.amount)}</td>
              <td className={cell}>{format.money(instalment.interest)}</td>
              <td className={cell}>{format.money(instalment.principal)}</td>
              <td className={cell}>{format.money(instalment.balanceAfter)}</td>
              {instalment.status !== undefined && (
                <td className="px-3 py-2">
                  <Badge variant={instalment.status === 'paid' ? 'success' : instalment.status === 'overdue' ? 'destructive' : 'outline'} data-testid={`status-instalment-${instalment.number}`}>
                    {t(`loans.schedule.statuses.${instalment.status}`)}
                  </Badge>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
