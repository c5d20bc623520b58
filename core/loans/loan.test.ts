import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { localDate } from '../shared/calendar.ts';
import { amortisationSchedule, totalOf } from './amortisation.ts';
import { LOAN_STATUSES, amountOwed, applyRepayment, instalmentStandings, isOverdueAt, nextPayment, principalOutstanding, statusAt, transitionLoan, type Loan, type LoanEvent } from './loan.ts';

const rwf = Money.ofFrancs;

function anActiveLoan(overrides: Partial<Loan> = {}): Loan {
  return {
    id: 'L1',
    memberId: 'm1',
    amount: rwf(100_000),
    termMonths: 12,
    purpose: 'Stock for my shop',
    annualRateBps: 1_200,
    creditScore: 700,
    status: 'active',
    appliedAt: new Date('2026-01-30T10:00:00Z'),
    disbursedAt: new Date('2026-01-31T10:00:00Z'),
    schedule: amortisationSchedule({ principal: rwf(100_000), annualRateBps: 1_200, termMonths: 12 }, localDate(2026, 1, 31)),
    totalPaid: Money.ZERO,
    ...overrides,
  };
}

describe('loan status transitions', () => {
  it('allow exactly the documented moves', () => {
    const allowed: Record<string, string> = {
      'pending approve': 'approved',
      'pending reject': 'rejected',
      'approved disburse': 'active',
      'active disbursement_failed': 'approved',
      'active fall_overdue': 'overdue',
      'overdue catch_up': 'active',
      'active settle': 'repaid',
      'overdue settle': 'repaid',
    };
    const events: LoanEvent[] = ['approve', 'reject', 'disburse', 'disbursement_failed', 'fall_overdue', 'catch_up', 'settle'];
    for (const status of LOAN_STATUSES) {
      for (const event of events) {
        const expected = allowed[`${status} ${event}`];
        expect(transitionLoan(status, event)).toEqual(expected ? { ok: true, value: expected } : { ok: false, error: 'loan_transition_not_allowed' });
      }
    }
  });
});

describe('repayment allocation', () => {
  it('pays interest due first, then principal', () => {
    const first = applyRepayment(anActiveLoan(), rwf(500), new Date('2026-02-01T00:00:00Z'));
    expect(first.ok && [first.value.interest, first.value.principal]).toEqual([rwf(500), Money.ZERO]);
    const paid = first.ok ? first.value.loan : anActiveLoan();
    const second = applyRepayment(paid, rwf(8_885), new Date('2026-02-01T00:00:00Z'));
    // 500 interest left on instalment 1, then 7,885 principal; 500 goes to instalment 2's interest.
    expect(second.ok && [second.value.interest.toWholeFrancs(), second.value.principal.toWholeFrancs()]).toEqual([1_000, 7_885]);
  });

  it('refuses overpayment, zero, and loans that are not disbursed', () => {
    const loan = anActiveLoan();
    const now = new Date('2026-02-01T00:00:00Z');
    expect(applyRepayment(loan, rwf(106_620), now)).toEqual({ ok: false, error: 'repayment_exceeds_balance' });
    expect(applyRepayment(loan, Money.ZERO, now)).toEqual({ ok: false, error: 'repayment_must_be_positive' });
    expect(applyRepayment({ ...loan, status: 'approved' }, rwf(1), now)).toEqual({ ok: false, error: 'loan_not_repayable' });
  });

  it('paying the whole schedule repays the loan and clears the principal', () => {
    const result = applyRepayment(anActiveLoan(), rwf(106_619), new Date('2026-02-01T00:00:00Z'));
    expect(result.ok && result.value.loan.status).toBe('repaid');
    expect(result.ok && [result.value.interest, result.value.principal]).toEqual([rwf(6_619), rwf(100_000)]);
  });

  it('property: any split of payments allocates exactly the schedule\'s interest and principal', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40_000 }), { minLength: 1, maxLength: 30 }), (payments) => {
        let loan = anActiveLoan();
        let interest = Money.ZERO;
        let principal = Money.ZERO;
        for (const francs of payments) {
          const amount = Money.min(rwf(francs), amountOwed(loan));
          if (amount.isZero()) break;
          const result = applyRepayment(loan, amount, new Date('2026-02-01T00:00:00Z'));
          if (!result.ok) throw new Error(result.error);
          expect(result.value.interest.plus(result.value.principal)).toEqual(amount);
          interest = interest.plus(result.value.interest);
          principal = principal.plus(result.value.principal);
          loan = result.value.loan;
        }
        expect(loan.amount.minus(principal)).toEqual(principalOutstanding(loan));
        if (amountOwed(loan).isZero()) expect([interest, principal]).toEqual([totalOf(loan.schedule, 'interest'), rwf(100_000)]);
      }),
    );
  });
});

describe('overdue and next payment', () => {
  it('is overdue from the Kigali midnight after an unpaid due day', () => {
    const loan = anActiveLoan(); // first instalment due 2026-02-28
    expect(isOverdueAt(loan, new Date('2026-02-28T21:59:59Z'))).toBe(false); // 23:59:59 Kigali
    expect(isOverdueAt(loan, new Date('2026-02-28T22:00:00Z'))).toBe(true); // 00:00 on 1 March Kigali
    expect(statusAt(loan, new Date('2026-03-01T00:00:00Z'))).toBe('overdue');
  });

  it('a paid instalment is not overdue; a partly paid one is, and shows what is still due', () => {
    const paidFirst = anActiveLoan({ totalPaid: rwf(8_885) });
    expect(statusAt(paidFirst, new Date('2026-03-05T00:00:00Z'))).toBe('active');
    expect(nextPayment(paidFirst)).toMatchObject({ instalment: { number: 2, dueDate: '2026-03-31' }, amountDue: rwf(8_885) });
    const partly = anActiveLoan({ totalPaid: rwf(8_000) });
    expect(nextPayment(partly)?.amountDue).toEqual(rwf(885));
    expect(statusAt({ ...partly, status: 'overdue' }, new Date('2026-03-05T00:00:00Z'))).toBe('overdue');
  });

  it('a fully paid loan has no next payment and reads repaid; undisbursed statuses stay as they are', () => {
    const repaid = anActiveLoan({ totalPaid: rwf(106_619) });
    expect(nextPayment(repaid)).toBeUndefined();
    expect(statusAt(repaid, new Date('2030-01-01T00:00:00Z'))).toBe('repaid');
    expect(statusAt({ ...repaid, status: 'pending', schedule: [] }, new Date('2030-01-01T00:00:00Z'))).toBe('pending');
  });

  it('counts outstanding principal against the limit by status', () => {
    expect(principalOutstanding(anActiveLoan({ status: 'pending', schedule: [] }))).toEqual(rwf(100_000));
    expect(principalOutstanding(anActiveLoan({ status: 'approved', schedule: [] }))).toEqual(rwf(100_000));
    expect(principalOutstanding(anActiveLoan({ status: 'rejected', schedule: [] }))).toEqual(Money.ZERO);
    expect(principalOutstanding(anActiveLoan({ totalPaid: rwf(8_885) }))).toEqual(rwf(92_115));
    expect(principalOutstanding(anActiveLoan({ status: 'repaid', totalPaid: rwf(106_619) }))).toEqual(Money.ZERO);
  });
});

describe('instalment standings', () => {
  const loan = anActiveLoan();
  const [first, second] = loan.schedule;
  const partlyPaid = { ...loan, totalPaid: first!.amount.plus(rwf(100)) };
  const standings = (at: string, l = partlyPaid) => instalmentStandings(l, new Date(at)).map((s) => [s.status, s.amountPaid.toDecimal()]);

  it('fills the schedule in order with what was paid', () => {
    expect(standings('2026-02-01T10:00:00Z').slice(0, 3)).toEqual([
      ['paid', first!.amount.toDecimal()],
      ['partly_paid', '100.00'],
      ['upcoming', '0.00'],
    ]);
    expect(instalmentStandings(loan, new Date('2026-02-01T10:00:00Z')).every((s) => s.status === 'upcoming')).toBe(true);
  });

  it('is overdue once its due day has ended in Kigali, not during it', () => {
    // Kigali is UTC+2: the due day ends at 22:00 UTC.
    expect(standings(`${second!.dueDate}T21:59:00Z`)[1]![0]).toBe('partly_paid');
    expect(standings(`${second!.dueDate}T22:00:00Z`)[1]![0]).toBe('overdue');
    expect(standings(`${second!.dueDate}T22:00:00Z`)[0]![0]).toBe('paid');
  });
});
