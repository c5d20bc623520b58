import { describe, expect, it } from 'vitest';
import { formatDecimal, formatRwf, parseCentimes, sumCentimes } from './money.ts';

describe('money', () => {
  it('parses the API decimal strings and numbers into integer centimes', () => {
    expect(parseCentimes('12500.00')).toBe(1_250_000);
    expect(parseCentimes('0.1')).toBe(10);
    expect(parseCentimes(50)).toBe(5000);
    expect(parseCentimes('-3.05')).toBe(-305);
  });

  it('reads anything that is not a plain decimal as null instead of guessing', () => {
    for (const bad of [null, undefined, '', 'abc', '1e5', '1.234', Number.NaN]) expect(parseCentimes(bad)).toBeNull();
  });

  it('sums exactly in centimes, where floating point would drift', () => {
    expect(sumCentimes(['0.10', '0.20', '0.30'])).toBe(60);
    expect(sumCentimes(['100.00', 'oops', null])).toBe(10_000);
  });

  it('shows whole francs without decimals and centimes only when present', () => {
    expect(formatRwf(1_250_000, 'en')).toBe('12,500 RWF');
    expect(formatRwf(1_250_050, 'en')).toBe('12,500.50 RWF');
    expect(formatRwf(null, 'en')).toBe('—');
  });

  it('writes the API decimal form back', () => {
    expect(formatDecimal(1_250_000)).toBe('12500.00');
    expect(formatDecimal(5)).toBe('0.05');
  });
});
