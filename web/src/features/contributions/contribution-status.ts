/**
 * Contribution statuses and the contributions panel's figures (spec part 1 §2.5, §4, §9;
 * DOMAIN.md "Contribution status").
 *
 * Guarantees:
 * - A pending contribution whose due day is before today (Africa/Kigali) shows as overdue, even
 *   when the server has not said so yet; completed is shown Paid; other values are shown raw.
 * - Upcoming = pending with a due day 0 to 7 days ahead; Recent = the 5 most recently paid.
 * - On-time rate = completed paid on or before their due day ÷ completed, as a whole percent;
 *   null (shown '—') when nothing is completed yet rather than a flattering 100 %.
 * - Totals are sums in integer centimes.
 */
import { sumCentimes, type Centimes } from '../../lib/money.ts';

export const UPCOMING_WINDOW_DAYS = 7;
export const RECENT_LIMIT = 5;
export const TIME_ZONE = 'Africa/Kigali';

export interface ContributionLike {
  amount: string;
  status: string;
  dueDate?: string | null | undefined;
  paidDate?: string | null | undefined;
}

const kigaliDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Days since the epoch of the Kigali calendar day of a date-only value or an instant. */
export function dayNumber(value: string | Date): number | null {
  let ymd: string;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) ymd = value;
  else {
    const at = typeof value === 'string' ? new Date(value) : value;
    if (Number.isNaN(at.getTime())) return null;
    ymd = kigaliDay.format(at);
  }
  return Math.round(Date.parse(`${ymd}T00:00:00Z`) / 86_400_000);
}

export type ShownStatus = 'completed' | 'pending' | 'overdue' | (string & {});

export function effectiveStatus(contribution: Pick<ContributionLike, 'status' | 'dueDate'>, now: Date): ShownStatus {
  if (contribution.status !== 'pending' || !contribution.dueDate) return contribution.status;
  const due = dayNumber(contribution.dueDate);
  const today = dayNumber(now);
  return due !== null && today !== null && due < today ? 'overdue' : 'pending';
}

/** Owed and payable now: pending or overdue. */
export function isDue(contribution: Pick<ContributionLike, 'status' | 'dueDate'>, now: Date): boolean {
  const status = effectiveStatus(contribution, now);
  return status === 'pending' || status === 'overdue';
}

export function onTimeRate(contributions: readonly ContributionLike[]): number | null {
  const completed = contributions.filter((c) => c.status === 'completed');
  if (completed.length === 0) return null;
  const onTime = completed.filter((c) => {
    if (!c.dueDate || !c.paidDate) return false;
    const paid = dayNumber(c.paidDate);
    const due = dayNumber(c.dueDate);
    return paid !== null && due !== null && paid <= due;
  });
  return Math.round((onTime.length / completed.length) * 100);
}

export interface PanelFigures<T extends ContributionLike> {
  totalContributed: Centimes;
  pendingAmount: Centimes;
  upcomingAmount: Centimes;
  onTimeRate: number | null;
  overdue: T[];
  upcoming: T[];
  recent: T[];
}

const byDue = (a: ContributionLike, b: ContributionLike) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '');

export function panelFigures<T extends ContributionLike>(contributions: readonly T[], now: Date): PanelFigures<T> {
  const today = dayNumber(now) ?? 0;
  const withStatus = contributions.map((c) => ({ c, status: effectiveStatus(c, now) }));
  const completed = withStatus.filter(({ status }) => status === 'completed').map(({ c }) => c);
  const owed = withStatus.filter(({ status }) => status === 'pending' || status === 'overdue').map(({ c }) => c);
  const overdue = withStatus.filter(({ status }) => status === 'overdue').map(({ c }) => c).sort(byDue);
  const upcoming = withStatus
    .filter(({ c, status }) => {
      if (status !== 'pending' || !c.dueDate) return false;
      const due = dayNumber(c.dueDate);
      return due !== null && due - today >= 0 && due - today <= UPCOMING_WINDOW_DAYS;
    })
    .map(({ c }) => c)
    .sort(byDue);
  const recent = [...completed].sort((a, b) => (b.paidDate ?? '').localeCompare(a.paidDate ?? '')).slice(0, RECENT_LIMIT);
  return {
    totalContributed: sumCentimes(completed.map((c) => c.amount)),
    pendingAmount: sumCentimes(owed.map((c) => c.amount)),
    upcomingAmount: sumCentimes(upcoming.map((c) => c.amount)),
    onTimeRate: onTimeRate(contributions),
    overdue,
    upcoming,
    recent,
  };
}
