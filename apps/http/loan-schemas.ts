/**
 * Request and response schemas of the loans and credit API: the validation at the edge and the
 * source of the OpenAPI document. The bounds' messages are the specification's (part 2 §5), taken
 * from the HTTP catalogue (errors.ts), so that zod and the use case's refusal say the same words.
 */
import { z } from 'zod';
import { DECISION_REASON_CODES } from '../../core/loans/decision-reason.ts';
import { ADVICE_CODES, FACTOR_CODES } from '../../core/credit/scorecard.ts';
import { amountField } from './amount-field.ts';
import { ErrorResponse } from './auth-schemas.ts';
import { VALIDATION_MESSAGES } from './errors.ts';
import { MAX_LOAN, MAX_TERM_MONTHS, MIN_LOAN, MIN_PURPOSE_LENGTH, MIN_TERM_MONTHS } from '../../core/loans/loan-terms.ts';

const M = VALIDATION_MESSAGES;
const decimal = z.string().regex(/^-?\d+\.\d{2}$/).meta({ example: '12500.00', description: 'RWF, two decimals' });

const application = {
  // The specification's form reads a non-numeric amount as 0: below the minimum.
  amount: amountField(
    { min: MIN_LOAN, max: MAX_LOAN, wholeFrancs: true },
    { invalid: M.loan_amount_below_minimum, aboveMaximum: M.loan_amount_above_maximum, notWholeFrancs: M.loan_amount_not_whole_francs, tooPrecise: M.loan_amount_not_whole_francs },
  ).meta({ example: 50000, description: 'Whole RWF, 10,000 to 10,000,000 (a number, or its decimal text)' }),
  termMonths: z
    .number({ error: M.loan_term_below_minimum })
    .int({ error: M.loan_term_not_whole_months })
    .min(MIN_TERM_MONTHS, { error: M.loan_term_below_minimum })
    .max(MAX_TERM_MONTHS, { error: M.loan_term_above_maximum })
    .meta({ example: 12 }),
  purpose: z
    .string({ error: M.loan_purpose_too_short })
    .trim()
    .min(MIN_PURPOSE_LENGTH, { error: M.loan_purpose_too_short })
    .max(500, { error: 'Loan purpose must be at most 500 characters' })
    .meta({ example: 'Stock for my grocery shop' }),
};

export const KeyFactsRequest = z.object(application).meta({ id: 'KeyFactsRequest' });

export const LoanApplicationRequest = z
  .object({
    ...application,
    keyFactsId: z.uuid({ error: 'Please review the key facts statement first' }).meta({ description: 'The id answered by POST /api/loans/key-facts' }),
    acceptKeyFacts: z.literal(true, { error: 'Please read and accept the key facts statement' }),
    scoringConsent: z.boolean().default(false).meta({ description: 'Consent to be scored on your own records; needed once' }),
  })
  .meta({ id: 'LoanApplicationRequest' });

export const RepaymentRequest = z
  .object({ scope: z.enum(['instalment', 'balance'], { error: 'Choose to repay the next instalment or the whole balance' }).default('instalment') })
  .meta({ id: 'RepaymentRequest' });

export const AssessRequest = z
  .object({ consent: z.boolean().default(false).meta({ description: 'Consent to be scored on your own records; needed once' }) })
  .meta({ id: 'CreditAssessRequest' });

export const InstalmentResponse = z
  .object({
    number: z.number().int(),
    dueDate: z.string().meta({ description: 'YYYY-MM-DD, Kigali' }),
    amount: decimal,
    interest: decimal,
    principal: decimal,
    balanceAfter: decimal,
    amountPaid: decimal,
    status: z.enum(['paid', 'partly_paid', 'overdue', 'upcoming']),
  })
  .meta({ id: 'Instalment' });

export const LoanResponse = z
  .object({
    id: z.uuid(),
    amount: decimal,
    purpose: z.string(),
    status: z.enum(['pending', 'approved', 'rejected', 'active', 'overdue', 'repaid']),
    interestRate: z.number().meta({ description: 'Annual percent', example: 12 }),
    termMonths: z.number().int(),
    totalPaid: decimal,
    amountOwed: decimal,
    nextPaymentDate: z.string().optional().meta({ description: 'YYYY-MM-DD, while an instalment is due' }),
    nextPaymentAmount: decimal.optional(),
    creditScore: z.number().int(),
    decisionReason: z.string().nullable().meta({ description: 'Why the loan was decided, in words in the member’s language (as in their SMS); a reason stored before codes, as written' }),
    decisionReasonCode: z
      .enum([...DECISION_REASON_CODES])
      .nullable()
      .meta({ description: 'The reason as a stable code, for clients that word it themselves; null when there is no reason or it was written before codes' }),
    decisionReasonParams: z
      .record(z.string(), z.string())
      .nullable()
      .meta({ description: 'The figures of the reason: amount and available (decimal strings), score and minimumScore (digits)', example: { score: '540', minimumScore: '600' } }),
    appliedAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
    disbursedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Loan' });

export const KeyFactsResponse = z
  .object({
    id: z.uuid(),
    amount: decimal,
    termMonths: z.number().int(),
    annualRate: z.number(),
    apr: z.number().meta({ description: 'Annual percentage rate (BNR Reg. 02/2016)' }),
    fees: z.array(z.object({ name: z.string(), amount: decimal })),
    monthlyPayment: decimal,
    numberOfInstalments: z.number().int(),
    totalInterest: decimal,
    totalCostOfCredit: decimal,
    totalRepayable: decimal,
    schedule: z.array(InstalmentResponse.omit({ amountPaid: true, status: true })),
    shownAt: z.iso.datetime(),
    acceptedAt: z.iso.datetime().nullable(),
    loanId: z.uuid().nullable(),
  })
  .meta({ id: 'KeyFacts' });

const status = (values: readonly [string, ...string[]]) => z.enum(values);
const blocking = status(['met', 'missing']).meta({ description: 'missing blocks an application' });

export const LoanEligibilityResponse = z
  .object({
    eligible: z.boolean().meta({ description: 'No requirement is missing: the member may apply for up to maximumLoan' }),
    requirements: z
      .array(
        z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('identity_verified'), status: blocking }),
          z.object({
            kind: z.literal('savings'),
            status: blocking,
            savingsBalance: decimal,
            savingsNeeded: decimal.nullable().meta({ description: 'Savings that let the member borrow the minimum loan; null when the 10,000,000 RWF cap is reached' }),
            savingsMissing: decimal.nullable().meta({ description: 'savingsNeeded less the savings, never below 0' }),
          }),
          z.object({ kind: z.literal('no_overdue_loan'), status: blocking }),
          z.object({ kind: z.literal('no_open_application'), status: blocking }),
          z.object({ kind: z.literal('scoring_consent'), status: status(['met', 'in_form']), consentedAt: z.iso.datetime().nullable() }),
          z.object({ kind: z.literal('key_facts_accepted'), status: z.literal('in_form') }),
        ]),
      )
      .meta({ description: 'In order: identity, savings, loans in good standing, then the consents the application form asks for (in_form never blocks)' }),
    loanLimit: decimal.meta({ description: 'min(50 % of savings, 10,000,000 RWF)' }),
    availableCredit: decimal.meta({ description: 'loanLimit less the principal the member’s loans still take from it' }),
    belowMinimum: z.boolean().meta({ description: 'availableCredit is below minimumLoan: nothing can be borrowed against it yet' }),
    minimumLoan: decimal,
    maximumLoan: decimal.meta({ description: 'The most the member may apply for now (availableCredit when eligible, else 0)' }),
  })
  .meta({ id: 'LoanEligibility' });

/** A 409 of POST /api/loans: with key_facts_outdated, the new statement at the member's new rate. */
export const LOAN_APPLICATION_CONFLICTS = ['has_overdue_loan', 'loan_application_open', 'key_facts_expired', 'key_facts_mismatch', 'key_facts_outdated'] as const;
export const LoanApplicationConflictResponse = ErrorResponse.extend({
  code: z.enum(LOAN_APPLICATION_CONFLICTS),
  keyFacts: KeyFactsResponse.optional().meta({ description: 'With key_facts_outdated only: the new statement, recorded as shown; accept it and send its id' }),
}).meta({ id: 'LoanApplicationConflict' });

export const LoanSummaryResponse = z
  .object({
    totalBorrowed: decimal,
    activeLoanCount: z.number().int(),
    nextPaymentAmount: decimal,
    nextPaymentDate: z.string().nullable(),
    availableCredit: decimal,
    creditScore: z.number().int().nullable(),
    creditRating: z.enum(['Excellent', 'Good', 'Fair', 'Poor', 'Very Poor']).nullable(),
  })
  .meta({ id: 'LoanSummary' });

export const RecommendationResponse = z
  .object({
    type: z.enum(['emergency', 'business', 'education']),
    purpose: z.string(),
    confidence: z.number().min(0).max(1),
    amount: decimal,
    estimatedRate: z.number(),
    termMonths: z.number().int(),
    monthlyPayment: decimal,
    benefits: z.array(z.string()),
  })
  .meta({ id: 'LoanRecommendation' });

export const CreditAssessmentResponse = z
  .object({
    id: z.uuid(),
    score: z.number().int().min(300).max(850),
    rating: z.enum(['Excellent', 'Good', 'Fair', 'Poor', 'Very Poor']),
    maxLoanAmount: decimal,
    factors: z.array(
      z.object({
        factor: z.string().meta({ description: 'The factor in English' }),
        code: z.nullable(z.enum(FACTOR_CODES)).meta({ description: 'The factor, a stable code for the screens to name in the member’s language' }),
        description: z.string().meta({ description: 'What it is, in English' }),
        detail: z
          .nullable(z.object({ code: z.string() }).catchall(z.union([z.number(), z.string()])))
          .meta({ description: 'What the description says, as a code and its numbers (amounts as decimals); null on assessments recorded before codes' }),
        weight: z.number().min(0).max(1),
        impact: z.enum(['positive', 'negative', 'neutral']),
      }),
    ),
    recommendations: z.array(z.string()).meta({ description: 'The recommendations in English' }),
    recommendationCodes: z.array(z.enum(ADVICE_CODES)).meta({ description: 'The same recommendations as stable codes, in the same order' }),
    modelVersion: z.string(),
    assessedAt: z.iso.datetime(),
  })
  .meta({ id: 'CreditAssessment' });

export const RepaymentRequestResponse = z
  .object({
    id: z.uuid(),
    loanId: z.uuid(),
    scope: z.enum(['instalment', 'balance']),
    amount: decimal,
    status: z.enum(['requested', 'succeeded', 'failed']),
    reference: z.string(),
    phoneNumber: z.string(),
    requestedAt: z.iso.datetime(),
    settledAt: z.iso.datetime().nullable(),
    failureReason: z.string().nullable(),
  })
  .meta({ id: 'LoanRepaymentRequest' });

export const LoanPaymentsResponse = z
  .object({
    repayments: z.array(z.object({ id: z.uuid(), amount: decimal, interest: decimal, principal: decimal, receivedAt: z.iso.datetime(), reference: z.string() })),
    requests: z.array(RepaymentRequestResponse),
  })
  .meta({ id: 'LoanPayments' });
