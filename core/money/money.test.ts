import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantViolation } from '../shared/result.ts';
import { divideHalfEven, Money } from './money.ts';

const c = (centimes: number) => Money.ofCentimes(centimes);
const centimes = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 });

describe('Money parsing and formatting', () => {
  it('reads the API decimal strings', () => {
    expect(Money.parseDecimal('12500')).toEqual({ ok: true, value: c(1_250_000) });
    expect(Money.parseDecimal('12500.5')).toEqual({ ok: true, value: c(1_250_050) });
    expect(Money.parseDecimal('-3.25')).toEqual({ ok: true, value: c(-325) });
    expect(Money.parseDecimal('-0.00')).toEqual({ ok: true, value: c(0) });
  });

  it('refuses what is not a two-decimal amount', () => {
    for (const text of ['', '1,000', '1e5', ' 12', '12.', 'abc', '+5']) expect(Money.parseDecimal(text)).toEqual({ ok: false, error: 'amount_not_a_decimal' });
    expect(Money.parseDecimal('1.005')).toEqual({ ok: false, error: 'amount_too_precise' });
    expect(Money.parseDecimal('9999999999999999')).toEqual({ ok: false, error: 'amount_too_large' });
  });

  it('writes "12500.00" for the API and "12,500 RWF" for people', () => {
    expect(c(1_250_000).toDecimal()).toBe('12500.00');
    expect(c(-5).toDecimal()).toBe('-0.05');
    expect(c(1_250_000).format()).toBe('12,500 RWF');
    expect(c(1_000_000_050).format()).toBe('10,000,000.50 RWF');
    expect(c(-123_456_78).format()).toBe('-123,456.78 RWF');
    expect(JSON.stringify({ amount: c(100) })).toBe('{"amount":"1.00"}');
  });

  it('round-trips every amount through its decimal string', () => {
    fc.assert(
      fc.property(centimes, (n) => {
        expect(Money.parseDecimal(c(n).toDecimal())).toEqual({ ok: true, value: c(n) });
      }),
    );
  });
});

describe('Money arithmetic', () => {
  it('adds, subtracts, compares and refuses fractions of a centime', () => {
    expect(c(150).plus(c(50))).toEqual(c(200));
    expect(c(150).minus(c(200))).toEqual(c(-50));
    expect(c(150).times(3)).toEqual(c(450));
    expect(c(0).negate().centimes).toBe(0);
    expect(Object.is(c(0).negate().centimes, -0)).toBe(false);
    expect(Money.ofFrancs(12)).toEqual(c(1200));
    expect(Money.sum([c(1), c(2), c(3)])).toEqual(c(6));
    expect(Money.min(c(1), c(2))).toEqual(c(1));
    expect(Money.max(c(1), c(2))).toEqual(c(2));
    expect([c(1).compare(c(2)), c(2).compare(c(2)), c(3).compare(c(2))]).toEqual([-1, 0, 1]);
    expect(c(3).greaterThan(c(2)) && c(1).lessThan(c(2)) && c(2).equals(c(2))).toBe(true);
    expect(c(-1).isNegative() && c(1).isPositive() && c(0).isZero()).toBe(true);
    expect(() => c(1.5)).toThrow(InvariantViolation);
    expect(() => Money.ofFrancs(1.5)).toThrow(InvariantViolation);
    expect(() => c(1).times(0.5)).toThrow(InvariantViolation);
  });

  it('gives whole francs only when no fraction would be dropped', () => {
    expect(c(12_500_00).toWholeFrancs()).toBe(12_500);
    expect(() => c(12_500_50).toWholeFrancs()).toThrow(InvariantViolation);
  });
});

describe('percentOf: round-half-even to the centime', () => {
  it('worked examples', () => {
    expect(Money.ofFrancs(10_000).percentOf(200)).toEqual(Money.ofFrancs(200)); // 2 % fee
    expect(c(125).percentOf(200)).toEqual(c(2)); // 2.5 centimes -> 2 (even)
    expect(c(175).percentOf(200)).toEqual(c(4)); // 3.5 centimes -> 4 (even)
    expect(c(101).percentOf(50)).toEqual(c(1)); // 0.505 -> 1 (above half)
    expect(c(100).percentOf(50)).toEqual(c(0)); // 0.5 -> 0 (even)
    expect(c(300).percentOf(50)).toEqual(c(2)); // 1.5 -> 2 (even)
    expect(c(-125).percentOf(200)).toEqual(c(-2)); // symmetric for negatives
    expect(() => c(100).percentOf(1.5)).toThrow(InvariantViolation);
  });

  it('divideHalfEven rounds ties to even, others to nearest, in both signs', () => {
    expect([5n, 15n, 25n, -5n, -15n, 7n, -7n, 13n].map((n) => divideHalfEven(n, 10n))).toEqual([0n, 2n, 2n, 0n, -2n, 1n, -1n, 1n]);
    expect(divideHalfEven(15n, -10n)).toBe(-2n);
    expect(() => divideHalfEven(1n, 0n)).toThrow(InvariantViolation);
  });

  it('is never more than half a centime from the exact value', () => {
    fc.assert(
      fc.property(centimes, fc.integer({ min: 0, max: 10_000 }), (n, bps) => {
        const exact = n * bps; // in 1/10,000 centimes
        const diff = Math.abs(c(n).percentOf(bps).centimes * 10_000 - exact);
        expect(diff).toBeLessThanOrEqual(5_000);
      }),
    );
  });
});

describe('allocate', () => {
  it('worked examples: sums exactly, remainders to the largest fractions, ties to the earlier part', () => {
    expect(c(100).allocate([1, 1, 1])).toEqual([c(34), c(33), c(33)]);
    expect(c(5).allocate([3, 7])).toEqual([c(2), c(3)]); // 1.5 and 3.5: tie -> the earlier part
    expect(c(-100).allocate([1, 1, 1])).toEqual([c(-34), c(-33), c(-33)]);
    expect(c(10).allocate([0, 1, 0])).toEqual([c(0), c(10), c(0)]);
    expect(() => c(10).allocate([])).toThrow(InvariantViolation);
    expect(() => c(10).allocate([0, 0])).toThrow(InvariantViolation);
    expect(() => c(10).allocate([-1, 2])).toThrow(InvariantViolation);
  });

  it('sums exactly and is fair within one centime of the exact share', () => {
    fc.assert(
      fc.property(centimes, fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 20 }), (n, weights) => {
        fc.pre(weights.some((w) => w > 0));
        const parts = c(n).allocate(weights);
        expect(Money.sum(parts)).toEqual(c(n));
        const total = weights.reduce((a, b) => a + b, 0);
        parts.forEach((part, i) => {
          const exact = (n * weights[i]!) / total;
          expect(Math.abs(part.centimes - exact)).toBeLessThan(1 + 1e-6);
          if (weights[i] === 0) expect(part.centimes).toBe(0);
        });
      }),
    );
  });
});

describe('splitWholeFrancs: carry-forward', () => {
  it('pays the whole francs and carries the fraction', () => {
    expect(c(12_345).splitWholeFrancs()).toEqual({ payable: c(12_300), carried: c(45) });
    expect(c(99).splitWholeFrancs()).toEqual({ payable: c(0), carried: c(99) });
    expect(() => c(-1).splitWholeFrancs()).toThrow(InvariantViolation);
  });

  it('over any number of payouts never creates or loses a centime', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 1, maxLength: 50 }), (owed) => {
        let carried = Money.ZERO;
        let paid = Money.ZERO;
        for (const amount of owed) {
          const split = c(amount).plus(carried).splitWholeFrancs();
          expect(split.payable.centimes % 100).toBe(0);
          expect(split.carried.centimes).toBeLessThan(100);
          paid = paid.plus(split.payable);
          carried = split.carried;
        }
        expect(paid.plus(carried)).toEqual(Money.sum(owed.map(c)));
      }),
    );
  });
});
