import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAN_FORM, formFromRecommendation, monthlyPayment, parseAmountInput, personalSavingsPath, validateLoanForm } from './loan-form.ts';
import { repaymentProgress } from '../../lib/money.ts';

describe('loan form', () => {
  it('reads the amount as an integer, non-numeric as 0', () => {
    expect(parseAmountInput('25000')).toBe(25_000);
    expect(parseAmountInput('25000.75')).toBe(25_000);
    expect(parseAmountInput('abc')).toBe(0);
    expect(parseAmountInput('')).toBe(0);
  });

  it('starts at 50,000 RWF over 12 months with an empty purpose', () => {
    expect(DEFAULT_LOAN_FORM).toEqual({ amount: 50_000, termMonths: 12, purpose: '' });
  });

  it('names every bound the server keeps, at its edges', () => {
    const ok = { amount: 10_000, termMonths: 1, purpose: 'Stock shop' };
    expect(validateLoanForm(ok)).toEqual({});
    expect(validateLoanForm({ ...ok, amount: 10_000_000, termMonths: 60 })).toEqual({});
    expect(validateLoanForm({ ...ok, amount: 9_999 })).toEqual({ amount: 'amountMin' });
    expect(validateLoanForm({ ...ok, amount: 10_000_001 })).toEqual({ amount: 'amountMax' });
    expect(validateLoanForm({ ...ok, termMonths: 0 })).toEqual({ termMonths: 'termMin' });
    expect(validateLoanForm({ ...ok, termMonths: 61 })).toEqual({ termMonths: 'termMax' });
    expect(validateLoanForm({ ...ok, purpose: '   short    ' })).toEqual({ purpose: 'purpose' });
    expect(validateLoanForm(DEFAULT_LOAN_FORM)).toEqual({ purpose: 'purpose' });
  });

  it('previews the annuity at 12 % a year, in whole francs', () => {
    // 50,000 over 12 months at 1 % a month: 4,442.44 → 4,442.
    expect(monthlyPayment(50_000, 12)).toBe(4_442);
    expect(monthlyPayment(12_000, 12, 0)).toBe(1_000);
    expect(monthlyPayment(0, 12)).toBe(0);
  });

  it('measures repayment progress as totalPaid over amount, clamped', () => {
    expect(repaymentProgress('0.00', '20000.00')).toBe(0);
    expect(repaymentProgress('3450.50', '20000.00')).toBe(17);
    expect(repaymentProgress('21000.00', '20000.00')).toBe(100);
    expect(repaymentProgress('100.00', 'n/a')).toBe(0);
  });

  it('prefills from a recommendation with the nearest offered term', () => {
    expect(formFromRecommendation({ amount: '12000.00', termMonths: 12, purpose: 'Stock or equipment' })).toEqual({ amount: 12_000, termMonths: 12, purpose: 'Stock or equipment' });
    expect(formFromRecommendation({ amount: '30000.50', termMonths: 10, purpose: 'x' }).termMonths).toBe(12);
    expect(formFromRecommendation({ amount: '30000.50', termMonths: 48, purpose: 'x' })).toMatchObject({ amount: 30_000, termMonths: 36 });
  });

  it('opens personal savings with what a loan still needs, in whole francs rounded up', () => {
    expect(personalSavingsPath('16000.00')).toBe('/tontines?create=savings&amount=16000');
    expect(personalSavingsPath('3498.50')).toBe('/tontines?create=savings&amount=3499');
    expect(personalSavingsPath('not an amount')).toBe('/tontines?create=savings&amount=0');
  });

  it('refuses an amount above what the member may borrow now, once that is known', () => {
    const form = { ...DEFAULT_LOAN_FORM, purpose: 'Stock for my shop' };
    expect(validateLoanForm(form, 10_000).amount).toBe('amountAvailable');
    expect(validateLoanForm({ ...form, amount: 10_000 }, 10_000)).toEqual({});
    expect(validateLoanForm(form)).toEqual({});
  });
});
