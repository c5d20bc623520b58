import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { localDate } from '../shared/calendar.ts';
import { amortisationSchedule, monthlyPayment } from './amortisation.ts';
import { dueInstalmentReminders, instalmentReminderKey } from './loan-reminders.ts';
import { recommendLoans } from './loan-recommendations.ts';
import { availableCredit, summarizeLoans } from './loan-summary.ts';
import type { Loan } from './loan.ts';

const rwf = Money.ofFrancs;

function aLoan(overrides: Partial<Loan> = {}): Loan {
  const amount = overrides.amount ?? rwf(100_000);
  return {
    id: 'loan-1',
    memberId: 'm1',
    amount,
    termMonths: 12,
    purpose: 'Stock for my shop',
    annualRateBps: 1_200,
    creditScore: 680,
    status: 'active',
    appliedAt: new Date('2026-01-10T08:00:00Z'),
    disbursedAt: new Date('2026-01-10T08:00:00Z'),
    schedule: amortisationSchedule({ principal: amount, annualRateBps: 1_200, termMonths: 12 }, localDate(2026, 1, 10)),
    totalPaid: Money.ZERO,
    ...overrides,
  };
}

describe('loan recommendations', () => {
  it('follow the available credit: whole thousands, within the limit, at the band rate, with the exact payment', () => {
    const recs = recommendLoans({ available: rwf(200_000), creditScore: 720, savingsBalance: rwf(400_000) });
    expect(recs.map((r) => [r.type, r.amount.toDecimal(), r.termMonths, r.estimatedRate])).toEqual([
      ['emergency', '50000.00', 3, 10],
      ['business', '120000.00', 12, 10],
      ['education', '200000.00', 24, 10],
    ]);
    for (const r of recs) {
      expect(r.monthlyPayment).toEqual(monthlyPayment({ principal: r.amount, annualRateBps: 1_000, termMonths: r.termMonths }));
      expect(r.confidence).toBeGreaterThan(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
      expect(r.benefits.join(' ')).toContain('400,000 RWF');
    }
    expect(recs[0]!.confidence).toBeGreaterThan(recs[2]!.confidence);
  });

  it('change with the member\'s figures: none below the minimum loan, no duplicate amounts, lower confidence under review', () => {
    expect(recommendLoans({ available: rwf(9_999), creditScore: 800, savingsBalance: rwf(19_998) })).toEqual([]);
    const small = recommendLoans({ available: rwf(20_000), creditScore: 800, savingsBalance: rwf(40_000) });
    expect(small.map((r) => r.amount.toDecimal())).toEqual(['10000.00', '12000.00', '20000.00']);
    const tiny = recommendLoans({ available: rwf(10_500), creditScore: 800, savingsBalance: rwf(21_000) });
    expect(tiny.map((r) => r.amount.toDecimal())).toEqual(['10000.00']);
    const good = recommendLoans({ available: rwf(200_000), creditScore: 760, savingsBalance: rwf(400_000) })[1]!;
    const poor = recommendLoans({ available: rwf(200_000), creditScore: 560, savingsBalance: rwf(400_000) })[1]!;
    expect([good.estimatedRate, poor.estimatedRate]).toEqual([8, 15]);
    expect(poor.confidence).toBeLessThan(good.confidence);
    expect(poor.benefits).toContain('Reviewed by a loan officer before it is paid');
  });
});

describe('loan summary', () => {
  it('adds up disbursed loans, counts running ones and finds the earliest instalment due', () => {
    const first = aLoan();
    const second = aLoan({ id: 'loan-2', amount: rwf(50_000), schedule: amortisationSchedule({ principal: rwf(50_000), annualRateBps: 1_200, termMonths: 6 }, localDate(2026, 1, 5)) });
    const paidPart = second.schedule[0]!.amount.minus(rwf(100));
    const summary = summarizeLoans([first, { ...second, totalPaid: paidPart }, aLoan({ id: 'p', amount: rwf(20_000), status: 'pending', disbursedAt: undefined, schedule: [] })], {
      now: new Date('2026-01-20T08:00:00Z'),
      savingsBalance: rwf(400_000),
      latestAssessment: { score: 680, rating: 'Fair' },
    });
    expect(summary).toEqual({
      totalBorrowed: rwf(150_000),
      activeLoanCount: 2,
      nextPaymentAmount: rwf(100),
      nextPaymentDate: '2026-02-05',
      // limit 200,000 − 100,000 − (50,000 − principal repaid) − 20,000 applied for
      availableCredit: rwf(30_000).plus(paidPart.minus(second.schedule[0]!.interest)),
      creditScore: 680,
      creditRating: 'Fair',
    });
  });

  it('is zero with no date and no score before anything happened; available credit never goes below zero', () => {
    expect(summarizeLoans([], { now: new Date(), savingsBalance: Money.ZERO })).toEqual({
      totalBorrowed: Money.ZERO,
      activeLoanCount: 0,
      nextPaymentAmount: Money.ZERO,
      nextPaymentDate: null,
      availableCredit: Money.ZERO,
      creditScore: null,
      creditRating: null,
    });
    expect(availableCredit(rwf(20_000), [aLoan()])).toEqual(Money.ZERO);
  });
});

describe('instalment reminders', () => {
  const loan = aLoan(); // first instalment due 2026-02-10
  const at = (iso: string) => new Date(iso);

  it('are due 3 days before, 1 day before and on the due date at 09:00 Kigali, once each', () => {
    expect(dueInstalmentReminders([loan], at('2026-02-07T06:59:00Z'), new Set())).toEqual([]);
    const three = dueInstalmentReminders([loan], at('2026-02-07T07:00:00Z'), new Set());
    expect(three.map((r) => [r.key, r.daysBefore, r.amountDue.toDecimal()])).toEqual([[instalmentReminderKey('loan-1', 1, 'three_days_before'), 3, loan.schedule[0]!.amount.toDecimal()]]);
    expect(dueInstalmentReminders([loan], at('2026-02-08T12:00:00Z'), new Set([three[0]!.key]))).toEqual([]);
    expect(dueInstalmentReminders([loan], at('2026-02-09T07:00:00Z'), new Set([three[0]!.key]))[0]?.offset).toBe('one_day_before');
    expect(dueInstalmentReminders([loan], at('2026-02-10T21:59:00Z'), new Set())[0]?.offset).toBe('due_date');
  });

  it('follow the contribution reminders\' windows: no stale "due tomorrow" on the due day, even if never sent', () => {
    expect(dueInstalmentReminders([loan], at('2026-02-09T21:59:00Z'), new Set())[0]?.offset).toBe('one_day_before');
    expect(dueInstalmentReminders([loan], at('2026-02-10T06:59:00Z'), new Set())).toEqual([]);
  });

  it('stop once the due day is over, the instalment is paid, or the loan is not running', () => {
    expect(dueInstalmentReminders([loan], at('2026-02-10T22:00:00Z'), new Set())).toEqual([]);
    const paid = { ...loan, totalPaid: loan.schedule[0]!.amount };
    expect(dueInstalmentReminders([paid], at('2026-02-09T08:00:00Z'), new Set())).toEqual([]);
    expect(dueInstalmentReminders([paid], at('2026-03-09T08:00:00Z'), new Set())[0]?.instalment.number).toBe(2);
    expect(dueInstalmentReminders([{ ...loan, status: 'pending' }], at('2026-02-09T08:00:00Z'), new Set())).toEqual([]);
    expect(dueInstalmentReminders([{ ...loan, totalPaid: loan.schedule.reduce((s, i) => s.plus(i.amount), Money.ZERO) }], at('2026-02-09T08:00:00Z'), new Set())).toEqual([]);
  });
});
