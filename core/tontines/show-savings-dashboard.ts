/**
 * ShowSavingsDashboard: a member's savings at a glance (DOMAIN "Savings"; the specification's
 * dashboard placeholders made real).
 *
 * Guarantees
 * - Total savings = savingsBalance of their contributions less the payouts they received and the
 *   withdrawals from their own personal savings.
 * - Active tontines count the groups they are in that are forming or active.
 * - The next payment is their earliest-due unpaid contribution; the next payout, the earliest
 *   unpaid turn of theirs in an active rotating group (the group's pot on its due date).
 * - The on-time rate is null while nothing is paid (no record to rate yet).
 */
import type { Contribution } from '../contributions/contribution.ts';
import { onTimeRate, memberSavingsBalance, savingsStreakMonths } from '../contributions/contribution-summary.ts';
import type { ContributionRepository } from '../contributions/ports.ts';
import type { Money } from '../money/money.ts';
import { compareDates, type LocalDate } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import type { TontineRepository } from './ports.ts';

export interface ShowSavingsDashboardDeps {
  tontines: Pick<TontineRepository, 'listByMember'>;
  contributions: Pick<ContributionRepository, 'listByMember'>;
  clock: Clock;
}

export interface ShowSavingsDashboardInput {
  userId: string;
}

export interface SavingsDashboard {
  totalSavings: Money;
  activeTontines: number;
  savingsStreakMonths: number;
  nextPayment: { amount: Money; dueDate: LocalDate; tontineName: string } | null;
  /** Whole percent; null while nothing is paid. */
  onTimeRate: number | null;
  nextPayout: { date: LocalDate; amount: Money; tontineName: string } | null;
}

export class ShowSavingsDashboard {
  constructor(private readonly deps: ShowSavingsDashboardDeps) {}

  async execute(input: ShowSavingsDashboardInput): Promise<SavingsDashboard> {
    const { userId } = input;
    const tontines = await this.deps.tontines.listByMember(userId);
    const contributions = await this.deps.contributions.listByMember(userId);
    const names = new Map(tontines.map((t) => [t.id, t.name]));
    const nextPayment: Contribution | undefined = contributions.filter((c) => !c.isCompleted).sort((a, b) => compareDates(a.dueDate, b.dueDate))[0];
    const nextPayout = tontines
      .filter((t) => t.status === 'active' && !t.isPersonalSavings && !t.isTurnPaid(userId))
      .map((t) => ({ date: t.dueDateOf(t.payoutOrder.indexOf(userId) + 1), amount: t.pot, tontineName: t.name }))
      .sort((a, b) => compareDates(a.date, b.date))[0];
    return {
      totalSavings: memberSavingsBalance(contributions, tontines, userId),
      activeTontines: tontines.filter((t) => t.status === 'active' || t.status === 'forming').length,
      savingsStreakMonths: savingsStreakMonths(contributions, this.deps.clock.now()),
      nextPayment: nextPayment ? { amount: nextPayment.amount, dueDate: nextPayment.dueDate, tontineName: names.get(nextPayment.tontineId) ?? '' } : null,
      onTimeRate: contributions.some((c) => c.isCompleted) ? onTimeRate(contributions) : null,
      nextPayout: nextPayout ?? null,
    };
  }
}
