import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ENTERED_AMOUNT, readAmount } from './amount-input.ts';
import { Money } from './money.ts';

const rwf = Money.ofFrancs;
const loan = { min: rwf(10_000), max: rwf(10_000_000), wholeFrancs: true };
const anyPositive = { min: Money.ofCentimes(1) };

describe('reading an amount a person typed', () => {
  it('reads numbers and decimal texts in francs, within the bounds', () => {
    expect(readAmount(50_000, loan)).toEqual({ ok: true, value: rwf(50_000) });
    expect(readAmount(' 50000 ', loan)).toEqual({ ok: true, value: rwf(50_000) });
    expect(readAmount('50000.00', loan)).toEqual({ ok: true, value: rwf(50_000) });
    expect(readAmount('0005000.5', anyPositive)).toEqual({ ok: true, value: Money.ofCentimes(500_050) });
    expect(readAmount(12.25, anyPositive)).toEqual({ ok: true, value: Money.ofCentimes(1_225) });
  });

  it('refuses huge amounts as above the maximum, whatever their size, without building a Money', () => {
    for (const huge of ['90071992547410', '99999999999999999999', '9'.repeat(400), 90071992547410, 1e20, 1e300, Number.MAX_VALUE]) {
      expect(readAmount(huge, anyPositive), String(huge)).toEqual({ ok: false, error: 'amount_above_maximum' });
    }
    expect(readAmount('10000001', loan)).toEqual({ ok: false, error: 'amount_above_maximum' });
    expect(readAmount(MAX_ENTERED_AMOUNT.toDecimal(), anyPositive)).toEqual({ ok: true, value: MAX_ENTERED_AMOUNT });
    expect(readAmount('1000000000.01', anyPositive)).toEqual({ ok: false, error: 'amount_above_maximum' });
  });

  it('refuses negative, zero and small amounts as below the minimum', () => {
    for (const small of [-1, '-5000', -1e300, '-99999999999999999999', 0, '0', '0.00', 9_999]) {
      expect(readAmount(small, loan), String(small)).toEqual({ ok: false, error: 'amount_below_minimum' });
    }
    expect(readAmount('-0', { min: Money.ZERO })).toEqual({ ok: true, value: Money.ZERO });
  });

  it('refuses fractions beyond two decimals, and centimes where whole francs are asked', () => {
    expect(readAmount('5000.123', anyPositive)).toEqual({ ok: false, error: 'amount_too_precise' });
    expect(readAmount(0.001, anyPositive)).toEqual({ ok: false, error: 'amount_too_precise' });
    expect(readAmount(1e-7, anyPositive)).toEqual({ ok: false, error: 'amount_too_precise' });
    expect(readAmount(15_000.5, loan)).toEqual({ ok: false, error: 'amount_not_whole_francs' });
    expect(readAmount('15000.50', loan)).toEqual({ ok: false, error: 'amount_not_whole_francs' });
  });

  it('refuses exponents, separators, signs and words as not a number', () => {
    for (const text of ['1e5', '1E5', '5,000', '5 000', '+5000', '0x10', 'abc', '', '  ', '.5', '5.', 'NaN', 'Infinity', '١٠٠٠٠', '5000 RWF']) {
      expect(readAmount(text, anyPositive), text).toEqual({ ok: false, error: 'amount_not_a_number' });
    }
    expect(readAmount(Number.NaN, anyPositive)).toEqual({ ok: false, error: 'amount_not_a_number' });
    expect(readAmount(Number.POSITIVE_INFINITY, anyPositive)).toEqual({ ok: false, error: 'amount_not_a_number' });
  });

  it('never throws and answers either a Money within the bounds or a code, for any text or number', () => {
    const input = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.bigInt().map(String), fc.stringMatching(/^-?\d{0,30}(\.\d{0,4})?$/));
    fc.assert(
      fc.property(input, (value) => {
        const read = readAmount(value, loan);
        if (read.ok) expect(!read.value.lessThan(loan.min) && !read.value.greaterThan(loan.max) && read.value.isWholeFrancs()).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('holds no channel to a maximum above the largest amount any screen accepts', () => {
    expect(() => readAmount(1, { min: Money.ZERO, max: MAX_ENTERED_AMOUNT.plus(Money.ofCentimes(1)) })).toThrow();
  });
});
