/** The loans and credit paths of the OpenAPI document (apps/http/openapi.ts spreads them in). */
import type { ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { z } from 'zod';
import { ErrorResponse } from './auth-schemas.ts';
import {
  AssessRequest,
  CreditAssessmentResponse,
  InstalmentResponse,
  KeyFactsRequest,
  KeyFactsResponse,
  LoanApplicationRequest,
  LoanPaymentsResponse,
  LoanResponse,
  LoanSummaryResponse,
  RecommendationResponse,
  RepaymentRequest,
  RepaymentRequestResponse,
} from './loan-schemas.ts';

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
const error = (description: string) => ({ description, ...json(ErrorResponse) });
const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { cookieAuth: [] }];
const idempotencyKey = {
  in: 'header' as const,
  name: 'Idempotency-Key',
  required: true,
  description: 'The same key from the same member answers the first result (200) and creates nothing new.',
  schema: { type: 'string' as const, pattern: '^[A-Za-z0-9._:-]{1,200}$' },
};
const loanId = { in: 'path' as const, name: 'id', required: true, schema: { type: 'string' as const, format: 'uuid' } };
const signedIn = { '401': error('unauthenticated') };
const notFound = { '404': error('loan_not_found (also for another member’s loan)') };

function op(summary: string, responses: ZodOpenApiResponsesObject, extra: Record<string, unknown> = {}) {
  return { summary, security, responses: { ...responses, ...signedIn }, ...extra };
}

export const loanPaths: ZodOpenApiPathsObject = {
  '/api/loans': {
    get: op('The member’s loans, newest first', { '200': { description: 'Loans', ...json(z.array(LoanResponse)) } }),
    post: op(
      'Apply for a loan on accepted key facts; decided at once (active and disbursed when approved, pending for review otherwise)',
      {
        '201': { description: 'Created', ...json(LoanResponse) },
        '200': { description: 'Same Idempotency-Key: the loan it created', ...json(LoanResponse) },
        '400': error('validation_failed (the specification’s messages), idempotency_key_required, key_facts_not_accepted'),
        '403': error('identity_not_verified, scoring_consent_required'),
        '404': error('key_facts_not_found'),
        '409': error('has_overdue_loan, loan_application_open, key_facts_expired, key_facts_mismatch, key_facts_outdated'),
        '422': error('loan_exceeds_limit'),
      },
      { requestBody: json(LoanApplicationRequest), parameters: [idempotencyKey] },
    ),
  },
  '/api/loans/key-facts': {
    post: op(
      'The key facts statement (BNR Reg. 02/2016) for an application, recorded as shown; its id is sent with the application',
      { '201': { description: 'Shown', ...json(KeyFactsResponse) }, '400': error('validation_failed') },
      { requestBody: json(KeyFactsRequest) },
    ),
  },
  '/api/loans/summary': {
    get: op('Loan summary cards: totalBorrowed, activeLoanCount, nextPaymentAmount, creditScore, creditRating (+ nextPaymentDate, availableCredit)', {
      '200': { description: 'Summary', ...json(LoanSummaryResponse) },
    }),
  },
  '/api/loans/recommendations': {
    get: op('Loans the member could take now, from their limit, score and savings (empty below the minimum loan)', {
      '200': { description: 'Recommendations', ...json(z.array(RecommendationResponse)) },
    }),
  },
  '/api/loans/{id}': { get: op('One of the member’s loans', { '200': { description: 'Loan', ...json(LoanResponse) }, ...notFound }, { parameters: [loanId] }) },
  '/api/loans/{id}/schedule': {
    get: op(
      'The instalment schedule with what was paid on each (paid, partly_paid, overdue, upcoming)',
      { '200': { description: 'Schedule', ...json(z.object({ loanId: z.uuid(), instalments: z.array(InstalmentResponse) })) }, ...notFound },
      { parameters: [loanId] },
    ),
  },
  '/api/loans/{id}/key-facts': {
    get: op('The key facts statement the loan was accepted on', { '200': { description: 'Key facts', ...json(KeyFactsResponse) }, ...notFound }, { parameters: [loanId] }),
  },
  '/api/loans/{id}/payments': {
    get: op('Payment history: confirmed repayments (interest and principal) and repayment requests', { '200': { description: 'History', ...json(LoanPaymentsResponse) }, ...notFound }, {
      parameters: [loanId],
    }),
  },
  '/api/loans/{id}/repayments': {
    post: op(
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
      { requestBody: json(RepaymentRequest), parameters: [loanId, idempotencyKey] },
    ),
  },
  '/api/credit-score': {
    get: op('The latest recorded credit assessment', { '200': { description: 'Assessment', ...json(CreditAssessmentResponse) }, '404': error('credit_assessment_not_found') }),
  },
  '/api/credit-score/assess': {
    post: op(
      'Score the member’s own records now and record the assessment with its model version (consent needed once)',
      { '201': { description: 'Recorded', ...json(CreditAssessmentResponse) }, '403': error('scoring_consent_required') },
      { requestBody: json(AssessRequest) },
    ),
  },
};
