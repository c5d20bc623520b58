/** The working-capital paths of the OpenAPI document (apps/http/openapi.ts spreads them in). */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { authed, error, idParam, json } from './openapi-parts.ts';
import { WorkingCapitalLoanResponse, WorkingCapitalRepayRequest, WorkingCapitalRepaymentResponse, WorkingCapitalRequest, WorkingCapitalResponse } from './working-capital-schemas.ts';

const notFound = '404';

export const workingCapitalPaths: ZodOpenApiPathsObject = {
  '/api/merchants/{id}/working-capital': {
    get: authed(
      'Working capital for the business: eligible or the reasons why not, the limit (25 % of the last 90 days’ net sales, at most 10,000,000 RWF and what 10 % of the weekly net repays in 12 months) and the figures behind it, and its working capital as it stands',
      { '200': { description: 'Offer and current working capital', ...json(WorkingCapitalResponse) }, [notFound]: error('merchant_not_found (also for another member’s merchant)') },
      { parameters: [idParam()] },
    ),
    post: authed(
      'Ask for an amount: its key facts (flat fee in RWF and APR, withholding share, minimum every 60 days, term, no early repayment fee) and the decision — approved at once inside the rules (then accept), else pending for an admin',
      {
        '201': { description: 'Key facts and decision (approved or pending)', ...json(WorkingCapitalLoanResponse) },
        '400': error('validation_failed (amount 10,000–10,000,000 RWF in whole francs)'),
        [notFound]: error('merchant_not_found (also for another member’s merchant)'),
        '409': error('business_not_verified, working_capital_open'),
      },
      { parameters: [idParam()], requestBody: json(WorkingCapitalRequest) },
    ),
  },
  '/api/merchants/{id}/working-capital/{loanId}/accept': {
    post: authed(
      'Accept the key facts of approved working capital: it is disbursed by mobile money to the business’s payout number, then repaid from weekly settlements',
      {
        '200': { description: 'Accepted: active (disbursing)', ...json(WorkingCapitalLoanResponse) },
        [notFound]: error('working_capital_not_found (also another member’s)'),
        '409': error('working_capital_not_approved (pending, already accepted, rejected…)'),
        '422': error('mobile_money_refused'),
      },
      { parameters: [idParam(), idParam('loanId')] },
    ),
  },
  '/api/merchants/{id}/working-capital/{loanId}/repay': {
    post: authed(
      'Repay early (or a shortfall) by mobile money from the business’s payout number, at no extra cost: the provider prompts the phone; the repayment is booked on its confirmation',
      {
        '202': { description: 'Collection requested', ...json(WorkingCapitalRepaymentResponse) },
        '400': error('validation_failed'),
        [notFound]: error('working_capital_not_found (also another member’s)'),
        '409': error('working_capital_not_repayable, repayment_amount_invalid (more than owed), repayment_in_progress'),
        '422': error('mobile_money_refused'),
        '503': error('mobile_money_unavailable'),
      },
      { parameters: [idParam(), idParam('loanId')], requestBody: json(WorkingCapitalRepayRequest) },
    ),
  },
};
