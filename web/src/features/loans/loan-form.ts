/**
 * The loan application form of /loans (spec part 2 §3, §5, §9) and the figures the page derives.
 *
 * Guarantees:
 * - The amount is read as an integer: anything non-numeric reads 0 (then fails the minimum), a
 *   decimal keeps its whole francs.
 * - The bounds are the server's: amount 10,000 to 10,000,000 RWF, term 1 to 60 months, purpose at
 *   least 10 characters once trimmed; each failure is named by the key of its message. An amount
 *   above what the member may borrow now (when known) is refused before the server is asked.
 * - The preview's monthly payment is the standard annuity at 12 % a year (annual rate ÷ 12),
 *   rounded to whole francs; it is only an estimate, the key facts statement gives the real one.
 * - Repayment progress is totalPaid over amount, in whole percent, clamped to 0–100; an unreadable
 *   amount shows 0 %.
 */
import { parseCentimes } from '../../lib/money.ts';

export const TERM_OPTIONS = [3, 6, 12, 18, 24, 36] as const;
export const MIN_AMOUNT = 10_000;
export const MAX_AMOUNT = 10_000_000;
export const MIN_TERM = 1;
export const MAX_TERM = 60;
export const MIN_PURPOSE_LENGTH = 10;
/** The rate the application preview assumes (spec §9), before the member's own rate is known. */
export const PREVIEW_ANNUAL_RATE_PERCENT = 12;

export interface LoanForm {
  amount: number;
  termMonths: number;
  purpose: string;
}

export const DEFAULT_LOAN_FORM: LoanForm = { amount: 50_000, termMonths: 12, purpose: '' };

/** Message keys under `loans.validation`. */
export type LoanFormError = 'amountMin' | 'amountMax' | 'amountAvailable' | 'purpose' | 'termMin' | 'termMax';

export function parseAmountInput(text: string): number {
  const parsed = Number.parseInt(text, 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/** `availableFrancs`: what the member may borrow now (GET /api/loans/eligibility), when known. */
export function validateLoanForm(form: LoanForm, availableFrancs?: number): Partial<Record<keyof LoanForm, LoanFormError>> {
  const errors: Partial<Record<keyof LoanForm, LoanFormError>> = {};
  if (form.amount < MIN_AMOUNT) errors.amount = 'amountMin';
  else if (form.amount > MAX_AMOUNT) errors.amount = 'amountMax';
  else if (availableFrancs !== undefined && form.amount > availableFrancs) errors.amount = 'amountAvailable';
  if (form.termMonths < MIN_TERM) errors.termMonths = 'termMin';
  else if (form.termMonths > MAX_TERM) errors.termMonths = 'termMax';
  if (form.purpose.trim().length < MIN_PURPOSE_LENGTH) errors.purpose = 'purpose';
  return errors;
}

/** Standard amortisation: P·r / (1 − (1 + r)^−n) with r = annual rate ÷ 12; P ÷ n at 0 %. */
export function monthlyPayment(amount: number, termMonths: number, annualRatePercent = PREVIEW_ANNUAL_RATE_PERCENT): number {
  if (amount <= 0 || termMonths <= 0) return 0;
  const r = annualRatePercent / 100 / 12;
  const payment = r === 0 ? amount / termMonths : (amount * r) / (1 - (1 + r) ** -termMonths);
  return Math.round(payment);
}

/** The form a recommendation prefills: its amount in whole francs, its term (the nearest offered), its purpose. */
export function formFromRecommendation(recommendation: { amount: string; termMonths: number; purpose: string }): LoanForm {
  const centimes = parseCentimes(recommendation.amount) ?? 0;
  const nearest = TERM_OPTIONS.reduce((best, term) => (Math.abs(term - recommendation.termMonths) < Math.abs(best - recommendation.termMonths) ? term : best));
  return { amount: Math.floor(centimes / 100), termMonths: nearest, purpose: recommendation.purpose };
}

/**
 * Where a member saves what a loan still needs: /tontines opening personal savings (a group of
 * one) with `amount` to save, in whole francs rounded up (the tontines page reads `create=savings`).
 */
export function personalSavingsPath(amount: string): string {
  const centimes = parseCentimes(amount) ?? 0;
  return `/tontines?create=savings&amount=${Math.ceil(Math.max(0, centimes) / 100)}`;
}
