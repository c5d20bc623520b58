/**
 * Contribution summary: the figures of the contributions panel (spec part 1 §2.5, §4, §9) and a
 * member's savings balance (DOMAIN "Savings").
 *
 * Guarantees
 * - On-time rate = completed contributions paid on or before their due date ÷ completed ones.
 * - Upcoming = pending with a due date 0 to 7 days ahead of today in Kigali; overdue = pending past
 *   its due date; recent = the 5 most recently paid.
 * - Savings balance = completed contributions − payouts and withdrawals received, floored at 0.
 * - Savings streak = consecutive Kigali calendar months, ending this month (or last month, when
 *   nothing is paid yet this month), in which the member completed at least one contribution.
 */
import { Money } from '../money/money.ts';
import { addDays, compareDates, kigaliDateOf } from '../shared/calendar.ts';
import type { Tontine } from '../tontines/tontine.ts';
import type { Contribution } from './contribution.ts';

export const UPCOMING_WINDOW_DAYS = 7;
export const RECENT_CONTRIBUTIONS = 5;

export interface ContributionSummary {
  totalContributed: Money;
  pendingAmount: Money;
  upcomingAmount: Money;
  /** Whole percent, 0 when nothing is completed yet. */
  onTimeRate: number;
  overdue: Contribution[];
  upcoming: Contribution[];
  recent: Contribution[];
}

export function summarizeContributions(contributions: readonly Contribution[], now: Date): ContributionSummary {
  const completed = contributions.filter((c) => c.isCompleted);
  const pending = contributions.filter((c) => !c.isCompleted);
  const upcoming = upcomingContributions(contributions, now);
  return {
    totalContributed: Money.sum(completed.map((c) => c.amount)),
    pendingAmount: Money.sum(pending.map((c) => c.amount)),
    upcomingAmount: Money.sum(upcoming.map((c) => c.amount)),
    onTimeRate: onTimeRate(contributions),
    overdue: byDueDate(pending.filter((c) => c.isOverdueAt(now))),
    upcoming,
    recent: recentContributions(contributions),
  };
}

export function onTimeRate(contributions: readonly Contribution[]): number {
  const completed = contributions.filter((c) => c.isCompleted);
  if (completed.length === 0) return 0;
  return Math.round((100 * completed.filter((c) => c.paidOnTime).length) / completed.length);
}

export function upcomingContributions(contributions: readonly Contribution[], now: Date): Contribution[] {
  const today = kigaliDateOf(now);
  const horizon = addDays(today, UPCOMING_WINDOW_DAYS);
  return byDueDate(
    contributions.filter((c) => !c.isCompleted && compareDates(c.dueDate, today) >= 0 && compareDates(c.dueDate, horizon) <= 0),
  );
}

export function recentContributions(contributions: readonly Contribution[]): Contribution[] {
  return contributions
    .filter((c) => c.isCompleted)
    .sort((a, b) => b.paidAt!.getTime() - a.paidAt!.getTime())
    .slice(0, RECENT_CONTRIBUTIONS);
}

/** Over all the member's groups: what they put in minus what they took out, never below 0. */
export function savingsBalance(contributions: readonly Contribution[], received: readonly Money[]): Money {
  const paidIn = Money.sum(contributions.filter((c) => c.isCompleted).map((c) => c.amount));
  return Money.max(Money.ZERO, paidIn.minus(Money.sum(received)));
}

/** What the member `userId` took out of these groups: the payouts paid to them and the withdrawals from the personal savings they created. */
function takenOutBy(tontines: readonly Tontine[], userId: string): Money[] {
  return tontines.flatMap((t) => [...t.payouts.filter((p) => p.recipientId === userId).map((p) => p.paid), ...(t.creatorId === userId ? t.withdrawals.map((w) => w.amount) : [])]);
}

/** The member's savings balance over their groups, as the web's dashboard and the USSD menu show it. */
export function memberSavingsBalance(contributions: readonly Contribution[], tontines: readonly Tontine[], userId: string): Money {
  return savingsBalance(contributions, takenOutBy(tontines, userId));
}

/** Consecutive Kigali months of paid contributions, up to this month (or last, while this one has none). */
export function savingsStreakMonths(contributions: readonly Contribution[], now: Date): number {
  const months = new Set(contributions.filter((c) => c.paidAt !== null).map((c) => monthIndex(kigaliDateOf(c.paidAt!))));
  let month = monthIndex(kigaliDateOf(now));
  if (!months.has(month)) month -= 1;
  let streak = 0;
  while (months.has(month)) {
    streak += 1;
    month -= 1;
  }
  return streak;
}

function monthIndex(date: { year: number; month: number }): number {
  return date.year * 12 + (date.month - 1);
}

function byDueDate(contributions: Contribution[]): Contribution[] {
  return contributions.sort((a, b) => compareDates(a.dueDate, b.dueDate) || a.cycle - b.cycle);
}
