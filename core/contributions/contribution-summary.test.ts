import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { localDate } from '../shared/calendar.ts';
import { aContribution } from './contributions.fixtures.ts';
import { onTimeRate, recentContributions, savingsBalance, savingsStreakMonths, summarizeContributions, upcomingContributions } from './contribution-summary.ts';

const now = new Date('2026-03-10T08:00:00Z'); // 10 March, 10:00 Kigali
const due = (month: number, day: number, id: string) => aContribution({ id, dueDate: localDate(2026, month, day) });
const paid = (month: number, day: number, id: string, paidAt: string) => {
  const c = due(month, day, id);
  c.settleFromPot(`payout-${id}`, new Date(paidAt));
  return c;
};

describe('contribution summary', () => {
  it('upcoming: pending, due 0 to 7 days ahead (today and the 17th included, the 18th not)', () => {
    const list = [due(3, 9, 'yesterday'), due(3, 10, 'today'), due(3, 17, 'in7'), due(3, 18, 'in8'), paid(3, 12, 'paid', '2026-03-01T08:00:00Z')];
    expect(upcomingContributions(list, now).map((c) => c.id)).toEqual(['today', 'in7']);
  });

  it('on-time rate: completed on or before the due date ÷ completed, as a whole percent', () => {
    const list = [
      paid(3, 1, 'a', '2026-03-01T21:00:00Z'), // 23:00 Kigali on the due date: on time
      paid(3, 1, 'b', '2026-03-01T22:00:00Z'), // 00:00 Kigali the day after: late
      paid(3, 5, 'c', '2026-03-02T08:00:00Z'),
      due(3, 20, 'pending'),
    ];
    expect(onTimeRate(list)).toBe(67);
    expect(onTimeRate([due(3, 20, 'pending')])).toBe(0);
  });

  it('recent: the 5 most recently paid, newest first', () => {
    const list = [1, 2, 3, 4, 5, 6].map((d) => paid(3, 1, `p${d}`, `2026-03-0${d}T08:00:00Z`));
    expect(recentContributions([...list, due(3, 20, 'x')]).map((c) => c.id)).toEqual(['p6', 'p5', 'p4', 'p3', 'p2']);
  });

  it('adds up the panel: total contributed, pending, upcoming, overdue', () => {
    const list = [paid(3, 1, 'paid', '2026-03-01T08:00:00Z'), due(3, 2, 'overdue'), due(3, 12, 'soon'), due(4, 30, 'later')];
    const summary = summarizeContributions(list, now);
    expect(summary.totalContributed).toEqual(Money.ofFrancs(5000));
    expect(summary.pendingAmount).toEqual(Money.ofFrancs(15000));
    expect(summary.upcomingAmount).toEqual(Money.ofFrancs(5000));
    expect(summary.overdue.map((c) => c.id)).toEqual(['overdue']);
    expect(summary.onTimeRate).toBe(100);
    expect(summary.recent.map((c) => c.id)).toEqual(['paid']);
  });

  it('savings balance: completed contributions − payouts received, floored at 0', () => {
    const list = [paid(3, 1, 'a', '2026-03-01T08:00:00Z'), paid(3, 2, 'b', '2026-03-02T08:00:00Z'), due(3, 20, 'c')];
    expect(savingsBalance(list, [Money.ofFrancs(3000)])).toEqual(Money.ofFrancs(7000));
    expect(savingsBalance(list, [Money.ofFrancs(25000)])).toEqual(Money.ZERO);
  });

  it('savings streak: consecutive Kigali months with a paid contribution, up to this month or the last', () => {
    const january = paid(1, 5, 'jan', '2026-01-05T08:00:00Z');
    const february = paid(2, 5, 'feb', '2026-02-28T22:30:00Z'); // 00:30 on 1 March in Kigali
    expect(savingsStreakMonths([january, february], now)).toBe(1);
    expect(savingsStreakMonths([january, paid(2, 5, 'feb2', '2026-02-05T08:00:00Z')], now)).toBe(2);
    expect(savingsStreakMonths([january, paid(2, 5, 'feb2', '2026-02-05T08:00:00Z'), due(3, 20, 'open')], now)).toBe(2);
    expect(savingsStreakMonths([january], now)).toBe(0);
  });
});
