/** The loans and credit paths of the OpenAPI document (apps/http/openapi.ts spreads them in); every one needs a member. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import {
  AssessRequest,
  CreditAssessmentResponse,
  InstalmentResponse,
  KeyFactsRequest,
  KeyFactsResponse,
  LOAN_APPLICATION_CONFLICTS,
  LoanApplicationConflictResponse,
  LoanApplicationRequest,
  LoanEligibilityResponse,
  LoanPaymentsResponse,
  LoanResponse,
  LoanSummaryResponse,
  RecommendationResponse,
  RepaymentRequest,
  RepaymentRequestResponse,
} from './loan-schemas.ts';
import { authed, error, ERROR_CODES, idempotencyKey, idParam, json, list } from './openapi-parts.ts';

const idempotency = idempotencyKey(
  'The same key from the same member answers the first result (200) and creates nothing new.',
  '^[A-Za-z0-9._:-]{1,200}$',
);
const loanId = idParam();
const notFound = { '404': error('loan_not_found (also for another member’s loan)') };

export const loanPaths: ZodOpenApiPathsObject = {
  '/api/loans': {
    get: authed('The member’s loans, newest first', { '200': { description: 'Loans', ...json(list(LoanResponse)) } }),
    post: authed(
      'Apply for a loan on accepted key facts; decided at once (active and disbursed when approved, pending for review otherwise)',
      {
        '201': { description: 'Created', ...json(LoanResponse) },
        '200': { description: 'Same Idempotency-Key: the loan it created', ...json(LoanResponse) },
        '400': error('validation_failed (the specification’s messages), idempotency_key_required, key_facts_not_accepted'),
        '403': error('identity_not_verified, scoring_consent_required'),
        '404': error('key_facts_not_found'),
        '409': {
          description:
            'has_overdue_loan, loan_application_open, key_facts_expired, key_facts_mismatch; key_facts_outdated when the member’s rate band moved since the statement was shown, with the new statement in keyFacts (nothing applied)',
          [ERROR_CODES]: [...LOAN_APPLICATION_CONFLICTS],
          ...json(LoanApplicationConflictResponse),
        },
        '422': error('loan_exceeds_limit'),
      },
      { requestBody: json(LoanApplicationRequest), parameters: [idempotency] },
    ),
  },
  '/api/loans/key-facts': {
    post: authed(
      'The key facts statement (BNR Reg. 02/2016) for an application, at the rate of an assessment of the member’s records made now, recorded as shown with that assessment; its id is sent with the application',
      { '201': { description: 'Shown', ...json(KeyFactsResponse) }, '400': error('validation_failed') },
      { requestBody: json(KeyFactsRequest) },
    ),
  },
  '/api/loans/eligibility': {
    get: authed(
      'What borrowing needs and what the member still misses: each requirement with its state (identity, savings for the minimum loan, loans in good standing, the form’s consents), the limit and what may be borrowed now',
      { '200': { description: 'Eligibility', ...json(LoanEligibilityResponse) }, '404': error('member_not_found') },
    ),
  },
  '/api/loans/summary': {
    get: authed(
      'Loan summary cards: totalBorrowed, activeLoanCount, nextPaymentAmount, creditScore, creditRating (+ nextPaymentDate, availableCredit)',
      { '200': { description: 'Summary', ...json(LoanSummaryResponse) } },
    ),
  },
  '/api/loans/recommendations': {
    get: authed('Loans the member could take now, from their limit, score and savings (empty below the minimum loan)', {
      '200': { description: 'Recommendations', ...json(list(RecommendationResponse)) },
    }),
  },
  '/api/loans/{id}': {
    get: authed('One of the member’s loans', { '200': { description: 'Loan', ...json(LoanResponse) }, ...notFound }, { parameters: [loanId] }),
  },
  '/api/loans/{id}/schedule': {
    get: authed(
      'The instalment schedule with what was paid on each (paid, partly_paid, overdue, upcoming)',
      {
        '200': { description: 'Schedule', ...json(z.object({ loanId: z.uuid(), instalments: list(InstalmentResponse) })) },
        ...notFound,
      },
      { parameters: [loanId] },
    ),
  },
  '/api/loans/{id}/key-facts': {
    get: authed(
      'The key facts statement the loan was accepted on',
      { '200': { description: 'Key facts', ...json(KeyFactsResponse) }, '404': error('loan_not_found (also for another member’s loan), key_facts_not_found (no statement kept for the loan)') },
      { parameters: [loanId] },
    ),
  },
  '/api/loans/{id}/payments': {
    get: authed(
      'Payment history: confirmed repayments (interest and principal) and repayment requests',
      { '200': { description: 'History', ...json(LoanPaymentsResponse) }, ...notFound },
      { parameters: [loanId] },
    ),
  },
  '/api/loans/{id}/repayments': {
    post: authed(
      'Repay the next instalment or the whole balance by mobile money (the member confirms on their phone)',
      {
        '202': { description: 'Requested from the member’s wallet', ...json(RepaymentRequestResponse) },
        '200': { description: 'Same Idempotency-Key: the request it made', ...json(RepaymentRequestResponse) },
        '400': error('validation_failed, idempotency_key_required'),
        ...notFound,
        '409': error('loan_not_repayable, repayment_in_progress, idempotency_key_reused'),
        '422': error('no_mobile_money_number, mobile_money_refused'),
        '503': error('mobile_money_unavailable'),
      },
      { requestBody: json(RepaymentRequest), parameters: [loanId, idempotency] },
    ),
  },
  '/api/credit-score': {
    get: authed('The latest recorded credit assessment', {
      '200': { description: 'Assessment', ...json(CreditAssessmentResponse) },
      '404': error('credit_assessment_not_found'),
    }),
  },
  '/api/credit-score/assess': {
    post: authed(
      'Score the member’s own records now and record the assessment with its model version (consent needed once)',
      { '201': { description: 'Recorded', ...json(CreditAssessmentResponse) }, '403': error('scoring_consent_required') },
      { requestBody: json(AssessRequest) },
    ),
  },
};
