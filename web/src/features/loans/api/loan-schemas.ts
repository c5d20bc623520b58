/**
 * The loans and credit contract (apps/http/loan-schemas.ts on the server): what the client reads.
 * Amounts arrive as decimal strings with two decimals ("12500.00").
 */
import * as z from 'zod/mini';
import { CREDIT_RATINGS } from '../../../components/credit-rating.tsx';

const decimal = z.string();

export const LOAN_STATUSES = ['pending', 'approved', 'rejected', 'active', 'overdue', 'repaid'] as const;

export const loanSchema = z.object({
  id: z.string(),
  amount: decimal,
  purpose: z.string(),
  status: z.enum(LOAN_STATUSES),
  interestRate: z.number(),
  termMonths: z.int(),
  totalPaid: decimal,
  amountOwed: decimal,
  nextPaymentDate: z.optional(z.string()),
  nextPaymentAmount: z.optional(decimal),
  creditScore: z.int(),
  /** Why the loan was decided, in words in the account's language (the server's catalogue); shown when the code is unknown here or absent (a reason written before codes). */
  decisionReason: z.nullable(z.string()),
  /** The reason's code, worded from this client's catalogue (`loans.decisionReasons`); absent from older servers. */
  decisionReasonCode: z.optional(z.nullable(z.string())),
  /** Its figures: amount and available (decimal strings), score and minimumScore. */
  decisionReasonParams: z.optional(z.nullable(z.record(z.string(), z.string()))),
  appliedAt: z.string(),
  decidedAt: z.nullable(z.string()),
  disbursedAt: z.nullable(z.string()),
});
export type Loan = z.infer<typeof loanSchema>;

/** The reason codes this client words (core/loans/decision-reason.ts DECISION_REASON_CODES; a test keeps them equal). */
export const DECISION_REASON_KEYS = [
  'instant_approval',
  'score_below_minimum',
  'officer_approved',
  'savings_too_recent',
  'repayment_capacity',
  'late_payments',
  'incomplete_information',
] as const;
export type DecisionReasonKey = (typeof DECISION_REASON_KEYS)[number];

export function isDecisionReasonKey(code: string | null | undefined): code is DecisionReasonKey {
  return code !== null && code !== undefined && (DECISION_REASON_KEYS as readonly string[]).includes(code);
}

const instalmentFields = {
  number: z.int(),
  dueDate: z.string(),
  amount: decimal,
  interest: decimal,
  principal: decimal,
  balanceAfter: decimal,
};

export const instalmentSchema = z.object({
  ...instalmentFields,
  amountPaid: decimal,
  status: z.enum(['paid', 'partly_paid', 'overdue', 'upcoming']),
});
export type Instalment = z.infer<typeof instalmentSchema>;

export const keyFactsSchema = z.object({
  id: z.string(),
  amount: decimal,
  termMonths: z.int(),
  annualRate: z.number(),
  apr: z.number(),
  fees: z.array(z.object({ name: z.string(), amount: decimal })),
  monthlyPayment: decimal,
  numberOfInstalments: z.int(),
  totalInterest: decimal,
  totalCostOfCredit: decimal,
  totalRepayable: decimal,
  schedule: z.array(z.object(instalmentFields)),
  shownAt: z.string(),
  acceptedAt: z.nullable(z.string()),
  loanId: z.nullable(z.string()),
});
export type KeyFacts = z.infer<typeof keyFactsSchema>;


export const loanSummarySchema = z.object({
  totalBorrowed: decimal,
  activeLoanCount: z.int(),
  nextPaymentAmount: decimal,
  nextPaymentDate: z.nullable(z.string()),
  availableCredit: decimal,
  creditScore: z.nullable(z.int()),
  creditRating: z.nullable(z.enum(CREDIT_RATINGS)),
});
export type LoanSummary = z.infer<typeof loanSummarySchema>;

const blocking = z.enum(['met', 'missing']);

/** GET /api/loans/eligibility: what borrowing needs, each requirement with its state (core/loans/loan-eligibility.ts). */
export const loanEligibilitySchema = z.object({
  eligible: z.boolean(),
  requirements: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('identity_verified'), status: blocking }),
      z.object({ kind: z.literal('savings'), status: blocking, savingsBalance: decimal, savingsNeeded: z.nullable(decimal), savingsMissing: z.nullable(decimal) }),
      z.object({ kind: z.literal('no_overdue_loan'), status: blocking }),
      z.object({ kind: z.literal('no_open_application'), status: blocking }),
      z.object({ kind: z.literal('scoring_consent'), status: z.enum(['met', 'in_form']), consentedAt: z.nullable(z.string()) }),
      z.object({ kind: z.literal('key_facts_accepted'), status: z.literal('in_form') }),
    ]),
  ),
  loanLimit: decimal,
  availableCredit: decimal,
  belowMinimum: z.boolean(),
  minimumLoan: decimal,
  maximumLoan: decimal,
});
export type LoanEligibility = z.infer<typeof loanEligibilitySchema>;
export type LoanRequirement = LoanEligibility['requirements'][number];

/** A 409 of POST /api/loans: with key_facts_outdated, the new statement to accept in place. */
export const loanApplicationConflictSchema = z.object({ error: z.string(), code: z.string(), keyFacts: z.optional(keyFactsSchema) });

export const loanRecommendationSchema = z.object({
  type: z.enum(['emergency', 'business', 'education']),
  purpose: z.string(),
  confidence: z.number(),
  amount: decimal,
  estimatedRate: z.number(),
  termMonths: z.int(),
  monthlyPayment: decimal,
  benefits: z.array(z.string()),
});
export type LoanRecommendation = z.infer<typeof loanRecommendationSchema>;

export const creditAssessmentSchema = z.object({
  id: z.string(),
  score: z.int(),
  rating: z.enum(CREDIT_RATINGS),
  maxLoanAmount: decimal,
  factors: z.array(
    z.object({
      factor: z.string(),
      /** The factor's stable code (core/credit/scorecard.ts): the screen names it in the member's language. */
      code: z.nullish(z.string()),
      description: z.string(),
      /** What the description says as a code and its numbers; null on assessments recorded before codes. */
      detail: z.nullish(z.catchall(z.object({ code: z.string() }), z.union([z.number(), z.string()]))),
      weight: z.number(),
      impact: z.enum(['positive', 'negative', 'neutral']),
    }),
  ),
  recommendations: z.array(z.string()),
  recommendationCodes: z.optional(z.array(z.string())),
  modelVersion: z.string(),
  assessedAt: z.string(),
});
export type CreditAssessment = z.infer<typeof creditAssessmentSchema>;

export const repaymentRequestSchema = z.object({
  id: z.string(),
  loanId: z.string(),
  scope: z.enum(['instalment', 'balance']),
  amount: decimal,
  status: z.enum(['requested', 'succeeded', 'failed']),
  reference: z.string(),
  phoneNumber: z.string(),
  requestedAt: z.string(),
  settledAt: z.nullable(z.string()),
  failureReason: z.nullable(z.string()),
});
export type RepaymentRequest = z.infer<typeof repaymentRequestSchema>;

export const loanPaymentsSchema = z.object({
  repayments: z.array(z.object({ id: z.string(), amount: decimal, interest: decimal, principal: decimal, receivedAt: z.string(), reference: z.string() })),
  requests: z.array(repaymentRequestSchema),
});
export type LoanPayments = z.infer<typeof loanPaymentsSchema>;
