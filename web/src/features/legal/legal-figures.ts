/**
 * The figures the legal pages state (GET /api/education/figures answers them, read from the
 * core's constants; the route passes them in), so that the Terms state the fee, the loan share and
 * the age the product applies.
 */
export interface LegalFigures {
  currency: string;
  merchantFeePercent: number;
  agentCommissionPercent: number;
  loanShareOfSavingsPercent: number;
  minLoanFrancs: number;
  maxLoanFrancs: number;
  minTermMonths: number;
  maxTermMonths: number;
  settlementPeriodDays: number;
  minimumAge: number;
  faceMatchPercent: number;
}

/** Transaction records are kept 7 years (spec part 2 §1, §9): a legal duty, not a product rule. */
export const TRANSACTION_RETENTION_YEARS = 7;

/** Last updated (spec part 2 "Privacy and Terms"). */
export const LAST_UPDATED = new Date(Date.UTC(2025, 9, 27));

/** Where members reach the controller; the operator sets these before launch (docs/pages.md). */
export const LEGAL_CONTACT = { privacyEmail: 'privacy@ikimina.rw', legalEmail: 'legal@ikimina.rw', phone: '+250 788 300 300' } as const;
