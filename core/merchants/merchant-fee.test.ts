import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { InvariantViolation } from '../shared/result.ts';
import { paymentPostings, splitPayment } from './merchant-fee.ts';

const c = Money.ofCentimes;

describe('merchant fee and agent commission', () => {
  it('fee = 2 % of gross, net = gross − fee, commission = 0.5 % of gross (worked examples)', () => {
    expect(splitPayment(Money.ofFrancs(10_000), true)).toEqual({ gross: Money.ofFrancs(10_000), fee: Money.ofFrancs(200), net: Money.ofFrancs(9_800), commission: Money.ofFrancs(50) });
    // 125 RWF: fee 2.50, commission 0.625 → 0.62 (half-even to the centime)
    expect(splitPayment(Money.ofFrancs(125), true)).toEqual({ gross: c(12_500), fee: c(250), net: c(12_250), commission: c(62) });
    // 1 RWF: fee 0.02, commission 0.005 → 0.00 (a tie, rounded to even)
    expect(splitPayment(Money.ofFrancs(1), true).commission).toEqual(Money.ZERO);
  });

  it('no commission without an active onboarding agent', () => {
    expect(splitPayment(Money.ofFrancs(10_000), false).commission).toEqual(Money.ZERO);
    expect(() => splitPayment(c(-1), false)).toThrow(InvariantViolation);
  });

  it('posts the payment: provider in; merchant net, agent commission and fee income out', () => {
    const postings = paymentPostings(splitPayment(Money.ofFrancs(10_000), true), 'mtn', 'm1', 'a1');
    expect(postings.map((p) => [p.account, p.amount.toDecimal()])).toEqual([
      ['mobile_money:mtn', '10000.00'],
      ['merchant_payable:m1', '-9800.00'],
      ['fee_income', '-150.00'],
      ['agent_commission:a1', '-50.00'],
    ]);
    expect(() => paymentPostings(splitPayment(Money.ofFrancs(10_000), true), 'mtn', 'm1', undefined)).toThrow(InvariantViolation);
  });

  it('property: fee + net = gross and commission ≤ fee for every amount; the postings balance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_000 }), fc.boolean(), (centimes, agent) => {
        const split = splitPayment(c(centimes), agent);
        expect(split.fee.plus(split.net)).toEqual(split.gross);
        expect(split.commission.greaterThan(split.fee)).toBe(false);
        expect(split.commission.isNegative()).toBe(false);
        const postings = paymentPostings(split, 'airtel', 'm1', agent ? 'a1' : undefined);
        expect(Money.sum(postings.map((p) => p.amount))).toEqual(Money.ZERO);
      }),
    );
  });
});
