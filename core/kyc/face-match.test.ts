import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVerified, matchPercent, VERIFIED_AT_PERCENT } from './face-match.ts';

describe('matchPercent: a model similarity as the percent members see', () => {
  it('maps the calibrated cut-off to exactly 80 %, 0 to 0 % and 1 to 100 %', () => {
    for (const cutoff of [0.5, 0.7, 0.77, 0.8, 0.93]) {
      expect(matchPercent(cutoff, cutoff)).toBe(VERIFIED_AT_PERCENT);
      expect(matchPercent(0, cutoff)).toBe(0);
      expect(matchPercent(1, cutoff)).toBe(100);
    }
  });

  it('is linear on each side of the cut-off', () => {
    expect(matchPercent(0.385, 0.77)).toBe(40);
    expect(matchPercent(0.885, 0.77)).toBe(90);
    // A cut-off of 0.8 makes the percent the similarity itself.
    expect(matchPercent(0.873, 0.8)).toBe(87.3);
  });

  it('is monotone: a higher similarity never reads lower (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (cutoff, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(matchPercent(low, cutoff)).toBeLessThanOrEqual(matchPercent(high, cutoff));
      }),
    );
  });

  it('stays within 0–100 % for any input, out-of-range similarities clamped, NaN read as 0', () => {
    expect(matchPercent(-3, 0.77)).toBe(0);
    expect(matchPercent(7, 0.77)).toBe(100);
    expect(matchPercent(Number.NaN, 0.77)).toBe(0);
    expect(() => matchPercent(0.5, 1)).toThrow(RangeError);
    expect(() => matchPercent(0.5, 0)).toThrow(RangeError);
  });
});

describe('verified at 80 % or more, decided on the percent shown', () => {
  it('79.9 % is not verified, 80.0 % is', () => {
    expect(isVerified(79.9)).toBe(false);
    expect(isVerified(80)).toBe(true);
    expect(isVerified(100)).toBe(true);
  });

  it('a similarity a hair under the cut-off that rounds to 80.0 % verifies; one that rounds to 79.9 % does not', () => {
    expect(matchPercent(0.79996, 0.8)).toBe(80);
    expect(isVerified(matchPercent(0.79996, 0.8))).toBe(true);
    expect(matchPercent(0.7994, 0.8)).toBe(79.9);
    expect(isVerified(matchPercent(0.7994, 0.8))).toBe(false);
  });

});
