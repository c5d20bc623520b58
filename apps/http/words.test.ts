import { describe, expect, it } from 'vitest';
import { MAX_MEMBERS } from '../../core/tontines/tontine-terms.ts';
import { VALIDATION_MESSAGES } from './errors.ts';
import { comparisonMessage } from './kyc-routes.ts';

// HTTP's words for codes and results core returns without words (core/loans/loan-terms.ts,
// core/tontines/tontine-terms.ts, core/kyc/face-match.ts check the codes and the figures).
describe('the words HTTP gives core\'s codes', () => {
  it.each([
    ['loan_amount_below_minimum', 'Minimum loan amount is 10,000 RWF'],
    ['loan_amount_above_maximum', 'Maximum loan amount is 10,000,000 RWF'],
    ['loan_amount_not_whole_francs', 'Loan amount must be a whole number of francs'],
    ['loan_purpose_too_short', 'Please provide a detailed loan purpose'],
    ['loan_term_below_minimum', 'Minimum term is 1 month'],
    ['loan_term_above_maximum', 'Maximum term is 60 months'],
    ['loan_term_not_whole_months', 'Term must be a whole number of months'],
  ] as const)('a loan application refused with %s reads the specification\'s "%s"', (code, message) => {
    expect(VALIDATION_MESSAGES[code]).toBe(message);
  });

  it.each([
    ['tontine_name_required', 'Please enter a tontine name'],
    ['tontine_description_required', 'Please enter a description'],
    ['contribution_amount_invalid', 'Please enter a valid contribution amount'],
    ['max_members_invalid', `Please enter a number of members from 1 to ${MAX_MEMBERS}`],
    ['frequency_invalid', 'Please choose daily, weekly or monthly'],
    ['category_unknown', 'Please choose one of the tontine categories'],
  ] as const)('tontine terms refused with %s read the dialog\'s "%s"', (code, message) => {
    expect(VALIDATION_MESSAGES[code]).toBe(message);
  });

  it('a face comparison tells the member the percent, and what to do when it is not enough', () => {
    expect(comparisonMessage(true, 91.2, 80)).toContain('91.2 %');
    expect(comparisonMessage(true, 80, 80)).toContain('verified');
    expect(comparisonMessage(false, 61, 80)).toMatch(/61\.0 % match, 80 % needed.*try again/);
  });
});
