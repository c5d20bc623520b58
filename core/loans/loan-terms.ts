/**
 * Loan terms: what a member may borrow, for how long, and at what rate.
 *
 * Guarantees
 * - Loan limit = min(50 % of the savings balance, 10,000,000 RWF), in whole francs (rounded down).
 * - An application is 10,000–10,000,000 RWF in whole francs, 1–60 whole months, with a purpose of
 *   at least 10 characters; each broken bound has a code (each channel words it).
 * - The annual rate follows the credit score band: ≥ 750 8 %, 700–749 10 %, 650–699 12 %,
 *   600–649 13.5 %, < 600 15 %; rates are integers of basis points.
 */
import { Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';

export const MIN_LOAN = Money.ofFrancs(10_000);
export const MAX_LOAN = Money.ofFrancs(10_000_000);
export const MIN_TERM_MONTHS = 1;
export const MAX_TERM_MONTHS = 60;
export const MIN_PURPOSE_LENGTH = 10;
/** Savings are the collateral: a member borrows at most half of them. */
export const SAVINGS_COLLATERAL_BPS = 5_000;
/** Score at or above which an application within the limit is approved at once. */
export const INSTANT_APPROVAL_MIN_SCORE = 600;

export type LoanApplicationError =
  | 'loan_amount_not_whole_francs'
  | 'loan_amount_below_minimum'
  | 'loan_amount_above_maximum'
  | 'loan_purpose_too_short'
  | 'loan_term_not_whole_months'
  | 'loan_term_below_minimum'
  | 'loan_term_above_maximum';

export interface LoanApplication {
  readonly amount: Money;
  readonly termMonths: number;
  readonly purpose: string;
}

export function validateLoanApplication(input: LoanApplication): Result<LoanApplication, LoanApplicationError> {
  if (input.amount.centimes % 100 !== 0) return err('loan_amount_not_whole_francs');
  if (input.amount.lessThan(MIN_LOAN)) return err('loan_amount_below_minimum');
  if (input.amount.greaterThan(MAX_LOAN)) return err('loan_amount_above_maximum');
  if (!Number.isInteger(input.termMonths)) return err('loan_term_not_whole_months');
  if (input.termMonths < MIN_TERM_MONTHS) return err('loan_term_below_minimum');
  if (input.termMonths > MAX_TERM_MONTHS) return err('loan_term_above_maximum');
  const purpose = input.purpose.trim();
  if (purpose.length < MIN_PURPOSE_LENGTH) return err('loan_purpose_too_short');
  return ok({ amount: input.amount, termMonths: input.termMonths, purpose });
}

/** min(50 % of savings, 10,000,000 RWF), rounded down to whole francs; zero for no savings. */
export function loanLimit(savingsBalance: Money): Money {
  const half = Money.max(savingsBalance, Money.ZERO).percentOf(SAVINGS_COLLATERAL_BPS).splitWholeFrancs().payable;
  return Money.min(half, MAX_LOAN);
}

export const RATE_BANDS: readonly { minScore: number; annualRateBps: number }[] = [
  { minScore: 750, annualRateBps: 800 },
  { minScore: 700, annualRateBps: 1_000 },
  { minScore: 650, annualRateBps: 1_200 },
  { minScore: 600, annualRateBps: 1_350 },
  { minScore: -Infinity, annualRateBps: 1_500 },
];

export function annualRateForScore(score: number): number {
  return RATE_BANDS.find((band) => score >= band.minScore)!.annualRateBps;
}

/** "13.5": the API's interestRate (annual percent) from basis points. */
export function ratePercent(annualRateBps: number): number {
  return annualRateBps / 100;
}
