import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { localDate } from '../shared/calendar.ts';
import { InvariantViolation } from '../shared/result.ts';
import { amortisationSchedule, annualPercentageRateBps, keyFacts, monthlyPayment, totalOf } from './amortisation.ts';

const rwf = Money.ofFrancs;
const reference = { principal: rwf(100_000), annualRateBps: 1_200, termMonths: 12 };

describe('amortisation', () => {
  // Reference: the standard annuity formula M = P·r / (1 − (1 + r)^−n) (Investopedia, "Amortization";
  // CFPB, "How does amortization work?"): P = 100,000, r = 0.12 / 12 = 0.01, n = 12 → M = 8,884.8788.
  it('monthly payment of 100,000 RWF at 12 % over 12 months is 8,884.88 (standard annuity formula)', () => {
    expect(monthlyPayment(reference).toDecimal()).toBe('8884.88');
  });

  it('at 0 % the payment is a straight division', () => {
    expect(monthlyPayment({ principal: rwf(100_000), annualRateBps: 0, termMonths: 3 }).toDecimal()).toBe('33333.33');
    const schedule = amortisationSchedule({ principal: rwf(100_000), annualRateBps: 0, termMonths: 3 }, localDate(2026, 1, 31));
    expect(schedule.map((i) => i.amount.toDecimal())).toEqual(['33333.00', '33333.00', '33334.00']);
    expect(totalOf(schedule, 'interest')).toEqual(Money.ZERO);
  });

  it('whole-franc instalments, the last absorbing the difference, sum exactly to principal + interest', () => {
    const schedule = amortisationSchedule(reference, localDate(2026, 1, 31));
    expect(schedule.slice(0, 11).every((i) => i.amount.equals(rwf(8_885)))).toBe(true);
    expect(schedule[11]!.amount).toEqual(rwf(8_884));
    // Interest month by month on the falling balance: 1,000 on 100,000, then 921 on 92,115 ...
    expect(schedule.slice(0, 3).map((i) => i.interest.toWholeFrancs())).toEqual([1_000, 921, 842]);
    expect(totalOf(schedule, 'interest')).toEqual(rwf(6_619)); // 6,618.55 in an unrounded table
    expect(totalOf(schedule, 'amount')).toEqual(rwf(106_619));
    expect(totalOf(schedule, 'principal')).toEqual(rwf(100_000));
    expect(schedule[11]!.balanceAfter).toEqual(Money.ZERO);
  });

  it('instalments fall due monthly from the Kigali disbursement day, clamped to the month end', () => {
    const schedule = amortisationSchedule(reference, localDate(2026, 1, 31));
    expect(schedule.slice(0, 4).map((i) => i.dueDate)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(schedule[11]!.dueDate).toBe('2027-01-31');
  });

  it('refuses impossible terms: those are bugs, the application was validated before', () => {
    expect(() => monthlyPayment({ ...reference, termMonths: 0 })).toThrow(InvariantViolation);
    expect(() => monthlyPayment({ ...reference, principal: Money.ZERO })).toThrow(InvariantViolation);
    expect(() => monthlyPayment({ ...reference, annualRateBps: -1 })).toThrow(InvariantViolation);
    expect(() => amortisationSchedule({ ...reference, principal: Money.ofCentimes(10_000_050) }, localDate(2026, 1, 1))).toThrow(InvariantViolation);
  });

  it('property: every schedule sums exactly, in whole francs, and amortises the principal to zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 10_000_000 }),
        fc.constantFrom(0, 800, 1_000, 1_200, 1_350, 1_500),
        fc.integer({ min: 1, max: 60 }),
        (francs, annualRateBps, termMonths) => {
          const schedule = amortisationSchedule({ principal: rwf(francs), annualRateBps, termMonths }, localDate(2026, 3, 15));
          expect(schedule).toHaveLength(termMonths);
          expect(totalOf(schedule, 'amount')).toEqual(rwf(francs).plus(totalOf(schedule, 'interest')));
          expect(totalOf(schedule, 'principal')).toEqual(rwf(francs));
          for (const instalment of schedule) {
            expect(instalment.amount.centimes % 100).toBe(0);
            expect(instalment.amount).toEqual(instalment.interest.plus(instalment.principal));
            expect(instalment.principal.isNegative()).toBe(false);
          }
        },
      ),
    );
  });
});

describe('key facts and APR', () => {
  it('without fees the APR equals the nominal rate', () => {
    const facts = keyFacts(reference, localDate(2026, 1, 31));
    expect(facts).toMatchObject({ monthlyPayment: rwf(8_885), numberOfInstalments: 12, totalInterest: rwf(6_619), totalRepayable: rwf(106_619), upfrontFees: Money.ZERO, totalCostOfCredit: rwf(6_619), aprBps: 1_200 });
  });

  it('an upfront fee raises the APR above the nominal rate (the IRR of what the borrower receives)', () => {
    const facts = keyFacts(reference, localDate(2026, 1, 31), rwf(2_000));
    expect(facts.totalCostOfCredit).toEqual(rwf(8_619));
    expect(facts.aprBps).toBe(1_586);
  });

  it('refuses fees that swallow the loan', () => {
    const schedule = amortisationSchedule(reference, localDate(2026, 1, 31));
    expect(() => annualPercentageRateBps(schedule, rwf(100_000), rwf(100_000))).toThrow(InvariantViolation);
  });
});
