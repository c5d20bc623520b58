import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { aNewMember, monthlyContributions } from './credit.fixtures.ts';
import { MODEL_VERSION, adviceCodesOf, assessCreditHistory, factorCodeOf, ratingFor, type CreditHistory, type PaymentRecord } from './scorecard.ts';

const at = new Date('2026-12-20T10:00:00Z');
const rwf = Money.ofFrancs;
const pointsOf = (history: CreditHistory, factor: string) => assessCreditHistory(history, at).factors.find((f) => f.factor === factor)!;
const seasoned = aNewMember({
  memberSince: new Date('2025-12-01T00:00:00Z'),
  identityVerified: true,
  savingsBalance: rwf(240_000),
  payments: monthlyContributions(12),
  groupsJoined: 2,
});

describe('credit scorecard', () => {
  it('gives a member with no history a mid-low score with neutral factors', () => {
    const result = assessCreditHistory(aNewMember(), at);
    expect(result).toMatchObject({ score: 556, rating: 'Very Poor', maxLoanAmount: Money.ZERO, modelVersion: MODEL_VERSION });
    expect(result.factors.every((f) => f.impact === 'neutral')).toBe(true);
    expect(result.recommendations).toContain('Verify your national ID: a loan needs it, and it raises your score.');
  });

  it('reports six factors with descriptions, weights summing to 1 and impacts', () => {
    const result = assessCreditHistory(seasoned, at);
    expect(result.factors.map((f) => f.factor)).toEqual(['Payment punctuality', 'Savings balance', 'Savings streak', 'Tenure', 'Identity verification', 'Group participation']);
    expect(result.factors.reduce((sum, f) => sum + f.weight, 0)).toBeCloseTo(1, 1);
    expect(result.factors.every((f) => f.weight >= 0 && f.weight <= 1 && f.impact === 'positive')).toBe(true);
    expect(result.factors[0]!.description).toBe('12 of 12 contributions and loan instalments paid on time (100%)');
    expect(result).toMatchObject({ score: 811, rating: 'Excellent', maxLoanAmount: rwf(120_000) });
    expect(result.recommendations).toEqual(['Keep paying on time to keep your score and your best rate.']);
  });

  it('late payments weigh most: always three days late drops an otherwise good member to Very Poor', () => {
    const late = assessCreditHistory({ ...seasoned, payments: monthlyContributions(12, 3) }, at);
    expect(late.factors[0]).toMatchObject({ points: -250, impact: 'negative' });
    expect(late.score).toBe(811 - 360);
    expect(late.recommendations[0]).toMatch(/on or before their due dates/);
  });

  it('a payment confirmed before the Kigali midnight ending its due day is on time; unpaid past due is late; not yet due is ignored', () => {
    const payments: PaymentRecord[] = [
      { kind: 'loan_instalment', dueDate: '2026-12-01', paidAt: new Date('2026-12-01T21:59:59Z') }, // 23:59:59 Kigali
      { kind: 'loan_instalment', dueDate: '2026-12-02', paidAt: new Date('2026-12-02T22:00:00Z') }, // 00:00 next day
      { kind: 'contribution', dueDate: '2026-12-10' }, // unpaid, past due
      { kind: 'contribution', dueDate: '2026-12-25' }, // not due yet
      { kind: 'contribution', dueDate: '2026-12-15', paidAt: new Date('2026-12-25T00:00:00Z') }, // paid after `at`: still unpaid then
    ];
    expect(pointsOf(aNewMember({ payments }), 'Payment punctuality').description).toBe('1 of 4 contributions and loan instalments paid on time (25%)');
  });

  it('counts the savings streak up to last month while this month is open, and breaks it on a missed month', () => {
    expect(pointsOf(seasoned, 'Savings streak').description).toBe('Contributed 12 months in a row');
    const gap = monthlyContributions(12).filter((_, i) => i !== 9); // October missing
    expect(pointsOf({ ...seasoned, payments: gap }, 'Savings streak').description).toBe('Contributed 2 months in a row');
    const onlyLastYear = monthlyContributions(6);
    expect(pointsOf({ ...seasoned, payments: onlyLastYear }, 'Savings streak').points).toBe(0);
  });

  it('rates by band', () => {
    expect([850, 750, 749, 700, 699, 650, 649, 600, 599, 300].map(ratingFor)).toEqual([
      'Excellent', 'Excellent', 'Good', 'Good', 'Fair', 'Fair', 'Poor', 'Poor', 'Very Poor', 'Very Poor',
    ]);
  });

  const paymentArb = fc.record({
    kind: fc.constantFrom('contribution' as const, 'loan_instalment' as const),
    dueDay: fc.integer({ min: 0, max: 700 }),
    paidAfter: fc.option(fc.integer({ min: -10, max: 30 }), { nil: undefined }),
  });
  const toRecord = ({ kind, dueDay, paidAfter }: { kind: PaymentRecord['kind']; dueDay: number; paidAfter: number | undefined }): PaymentRecord => {
    const due = new Date(Date.UTC(2025, 0, 1, 10) + dueDay * 86_400_000);
    return { kind, dueDate: due.toISOString().slice(0, 10), ...(paidAfter === undefined ? {} : { paidAt: new Date(due.getTime() + paidAfter * 86_400_000) }) };
  };
  const historyArb = fc.record({
    payments: fc.array(paymentArb, { maxLength: 40 }),
    savings: fc.integer({ min: 0, max: 2_000_000 }),
    verified: fc.boolean(),
    groups: fc.integer({ min: 0, max: 5 }),
    since: fc.integer({ min: 0, max: 700 }),
  });
  type GeneratedHistory = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;
  const toHistory = (h: GeneratedHistory): CreditHistory => ({
    memberSince: new Date(Date.UTC(2025, 0, 1) + h.since * 86_400_000),
    identityVerified: h.verified,
    savingsBalance: rwf(h.savings),
    payments: h.payments.map(toRecord),
    groupsJoined: h.groups,
  });

  it('property: deterministic and within 300–850', () => {
    fc.assert(
      fc.property(historyArb, (h) => {
        const first = assessCreditHistory(toHistory(h), at);
        expect(assessCreditHistory(toHistory(h), at)).toEqual(first);
        expect(first.score).toBeGreaterThanOrEqual(300);
        expect(first.score).toBeLessThanOrEqual(850);
      }),
    );
  });

  it('property: one more on-time payment, with the savings it adds, never lowers the score', () => {
    fc.assert(
      fc.property(historyArb, fc.integer({ min: 0, max: 700 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 100_000 }), (h, dueDay, early, amount) => {
        const before = toHistory(h);
        const due = new Date(Date.UTC(2025, 0, 1, 10) + dueDay * 86_400_000);
        const paidAt = new Date(due.getTime() - early * 86_400_000);
        fc.pre(paidAt.getTime() <= at.getTime());
        const after: CreditHistory = {
          ...before,
          savingsBalance: before.savingsBalance.plus(rwf(amount)),
          payments: [...before.payments, { kind: 'contribution', dueDate: due.toISOString().slice(0, 10), paidAt }],
        };
        expect(assessCreditHistory(after, at).score).toBeGreaterThanOrEqual(assessCreditHistory(before, at).score);
      }),
    );
  });

  it('names every factor and recommendation by a stable code, with the numbers its words need', () => {
    const at = new Date('2026-06-15T10:00:00Z');
    const result = assessCreditHistory({ ...aNewMember(), identityVerified: false, groupsJoined: 2, savingsBalance: Money.ofFrancs(12_500) }, at);
    expect(result.factors.map((f) => f.code)).toEqual(['punctuality', 'savings_balance', 'savings_streak', 'tenure', 'identity', 'groups']);
    expect(result.factors.find((f) => f.code === 'savings_balance')?.detail).toEqual({ code: 'savings_balance', amount: '12500.00' });
    expect(result.factors.find((f) => f.code === 'groups')?.detail).toEqual({ code: 'groups', count: 2 });
    expect(result.factors.find((f) => f.code === 'identity')?.detail).toEqual({ code: 'identity_not_verified' });
    // One English recommendation per advice code, in the same order.
    expect(adviceCodesOf(result.factors)).toHaveLength(result.recommendations.length);
    expect(adviceCodesOf(result.factors)).toContain('identity');
    // An assessment recorded before codes: its codes come from the English names.
    expect(factorCodeOf({ factor: 'Savings streak' })).toBe('savings_streak');
    expect(factorCodeOf({ factor: 'Something else' })).toBeUndefined();
    expect(adviceCodesOf([{ factor: 'Tenure', impact: 'negative' }])).toEqual(['keep_paying']);
  });
});
