import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { annualRateForScore, loanLimit, ratePercent, validateLoanApplication } from './loan-terms.ts';

const rwf = Money.ofFrancs;
const valid = { amount: rwf(50_000), termMonths: 12, purpose: 'Stock for my shop' };

describe('loan application bounds', () => {
  it('accepts 10,000–10,000,000 RWF, 1–60 months, a purpose of at least 10 characters (trimmed)', () => {
    expect(validateLoanApplication({ ...valid, purpose: '  Stock for my shop  ' })).toEqual({ ok: true, value: valid });
    expect(validateLoanApplication({ amount: rwf(10_000), termMonths: 1, purpose: '1234567890' }).ok).toBe(true);
    expect(validateLoanApplication({ amount: rwf(10_000_000), termMonths: 60, purpose: '1234567890' }).ok).toBe(true);
  });

  it.each([
    [{ amount: rwf(9_999) }, 'loan_amount_below_minimum'],
    [{ amount: rwf(10_000_001) }, 'loan_amount_above_maximum'],
    [{ amount: Money.ofCentimes(1_000_050) }, 'loan_amount_not_whole_francs'],
    [{ purpose: ' short     ' }, 'loan_purpose_too_short'],
    [{ termMonths: 0 }, 'loan_term_below_minimum'],
    [{ termMonths: 61 }, 'loan_term_above_maximum'],
    [{ termMonths: 1.5 }, 'loan_term_not_whole_months'],
  ] as const)('refuses %o with %s (its words are the channels\': apps/http/words.test.ts)', (change, code) => {
    const result = validateLoanApplication({ ...valid, ...change });
    expect(result).toEqual({ ok: false, error: code });
  });
});

describe('loan limit', () => {
  it('is min(50 % of savings, 10,000,000 RWF), in whole francs', () => {
    expect(loanLimit(rwf(400_000))).toEqual(rwf(200_000));
    expect(loanLimit(Money.ofCentimes(100_001))).toEqual(rwf(500)); // 500.005 rounds half-even to 500.00
    expect(loanLimit(Money.ofCentimes(300))).toEqual(rwf(1)); // 1.50 francs: the fraction is not lent
    expect(loanLimit(rwf(30_000_000))).toEqual(rwf(10_000_000));
    expect(loanLimit(Money.ZERO)).toEqual(Money.ZERO);
    expect(loanLimit(rwf(-5))).toEqual(Money.ZERO);
  });

  it('property: never above half the savings nor 10,000,000 RWF, and never decreasing with savings', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (savings, more) => {
        const limit = loanLimit(Money.ofCentimes(savings));
        expect(limit.centimes * 2).toBeLessThanOrEqual(savings + 1);
        expect(limit.centimes).toBeLessThanOrEqual(1_000_000_000);
        expect(loanLimit(Money.ofCentimes(savings + more)).centimes).toBeGreaterThanOrEqual(limit.centimes);
      }),
    );
  });
});

describe('rate by credit score band', () => {
  it.each([
    [850, 800], [750, 800], [749, 1_000], [700, 1_000], [699, 1_200], [650, 1_200], [649, 1_350], [600, 1_350], [599, 1_500], [300, 1_500],
  ])('score %i → %i bps', (score, bps) => {
    expect(annualRateForScore(score)).toBe(bps);
  });

  it('shows 13.5 for 1,350 bps', () => {
    expect(ratePercent(1_350)).toBe(13.5);
  });
});
