/**
 * Why a loan was approved, left for review or rejected: a stable code with its figures, never a
 * sentence (issue 30: no human words in core). Each channel says it in the reader's language from
 * its own catalogue: apps/notifications (SMS, e-mail, in-app, the API's `decisionReason`) and
 * web/src/locales (`loans.decisionReasons`).
 *
 * Guarantees
 * - Every code is listed in DECISION_REASON_CODES: the catalogues' types and tests are built from it,
 *   so a code without words in a language fails the build and the tests.
 * - An officer rejects with one of OFFICER_REJECTION_CODES (things a member can act on); an
 *   officer's free words, if any, stay in the audit trail.
 * - `written` is a reason stored as an English sentence before reasons had codes (an officer's
 *   own words, or a sentence the migration could not map): it is shown as written.
 */
import type { Money } from '../money/money.ts';

export const OFFICER_REJECTION_CODES = ['savings_too_recent', 'repayment_capacity', 'late_payments', 'incomplete_information'] as const;
export type OfficerRejectionCode = (typeof OFFICER_REJECTION_CODES)[number];

export const DECISION_REASON_CODES = ['instant_approval', 'score_below_minimum', 'officer_approved', ...OFFICER_REJECTION_CODES] as const;
export type DecisionReasonCode = (typeof DECISION_REASON_CODES)[number];

export type DecisionReason =
  /** Within the available limit with a score at least the minimum: approved at once. */
  | { readonly code: 'instant_approval'; readonly amount: Money; readonly available: Money; readonly score: number; readonly minimumScore: number }
  /** The score is below the instant-approval minimum: an officer decides. */
  | { readonly code: 'score_below_minimum'; readonly score: number; readonly minimumScore: number }
  | { readonly code: 'officer_approved' }
  | { readonly code: OfficerRejectionCode }
  | { readonly code: 'written'; readonly text: string };

export function isOfficerRejectionCode(code: string): code is OfficerRejectionCode {
  return (OFFICER_REJECTION_CODES as readonly string[]).includes(code);
}

export function isDecisionReasonCode(code: string): code is DecisionReasonCode {
  return (DECISION_REASON_CODES as readonly string[]).includes(code);
}

/** A reason's figures by name: its amounts and its whole numbers (none for most codes). */
export interface DecisionReasonFigures {
  readonly amounts: Readonly<Record<string, Money>>;
  readonly numbers: Readonly<Record<string, number>>;
}

export function decisionReasonFigures(reason: DecisionReason): DecisionReasonFigures {
  switch (reason.code) {
    case 'instant_approval':
      return { amounts: { amount: reason.amount, available: reason.available }, numbers: { score: reason.score, minimumScore: reason.minimumScore } };
    case 'score_below_minimum':
      return { amounts: {}, numbers: { score: reason.score, minimumScore: reason.minimumScore } };
    default:
      return { amounts: {}, numbers: {} };
  }
}

/** The figures as strings, amounts written by `amount` (Money.format() by default, as notifications carry them). */
export function decisionReasonParams(reason: DecisionReason, amount: (money: Money) => string = (money) => money.format()): Record<string, string> {
  const { amounts, numbers } = decisionReasonFigures(reason);
  return {
    ...Object.fromEntries(Object.entries(amounts).map(([name, money]) => [name, amount(money)])),
    ...Object.fromEntries(Object.entries(numbers).map(([name, value]) => [name, String(value)])),
  };
}
