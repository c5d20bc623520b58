import { useTranslation } from '../../../lib/use-translation.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import type { ShownStatus } from '../contribution-status.ts';

/** Spec part 1 §4: completed is shown Paid, overdue Overdue, pending Pending; other values raw. */
export function ContributionStatusBadge({ status, testId }: { status: ShownStatus; testId: string }) {
  const { t } = useTranslation();
  if (status === 'completed') return <Badge variant="success" data-testid={testId}>{t('contributions.status.paid')}</Badge>;
  if (status === 'overdue') return <Badge variant="destructive" data-testid={testId}>{t('contributions.status.overdue')}</Badge>;
  if (status === 'pending') return <Badge variant="warning" data-testid={testId}>{t('contributions.status.pending')}</Badge>;
  return <Badge variant="outline" data-testid={testId}>{status}</Badge>;
}
