/** The statement paths of the OpenAPI document (apps/http/openapi.ts spreads them in): files, PDF or CSV. */
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { authed, error, idParam, op, SHARED_RESPONSES } from './openapi-parts.ts';
import { MemberStatementQuery, MerchantStatementQuery, ReportQuery, StatementDownloadQuery } from './statement-schemas.ts';

const file = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) }, 'text/csv': { schema: z.string() } },
});
/** Past STATEMENT_FILE_LIMIT files per member in its window (apps/http/statement-routes.ts). */
const rateLimited = { '429': SHARED_RESPONSES.RateLimited };
const pdf = (description: string) => ({ description, content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } });

export const statementPaths: ZodOpenApiPathsObject = {
  '/api/statements/me': {
    get: authed(
      'The signed-in member’s own statement for a period, in their language: each group’s contributions and payouts that are theirs, personal savings (opening, movements, closing: the ledger’s balances) and loans (schedule, payments split into principal and interest, principal owed at the start and end). PDF laid out for a phone, or CSV with one row per movement',
      {
        '200': file('The statement (application/pdf, or text/csv with format=csv)'),
        '400': error('validation_failed (format is pdf or csv) | period_invalid (real days YYYY-MM-DD, from 2020-01-01 up to today, from not after to, at most 366 days)'),
        ...rateLimited,
      },
      { requestParams: { query: MemberStatementQuery } },
    ),
  },
  '/api/tontines/{id}/report': {
    get: authed(
      'The group’s report (members only): its members with what each paid in and received, contributions by cycle with each payout, and every movement of its pool with the running balance (the ledger’s, to the centime). PDF laid out for a phone, or CSV with one row per movement',
      {
        '200': file('The report (application/pdf, or text/csv with format=csv)'),
        '400': error('validation_failed (format is pdf or csv)'),
        '403': error('not_a_member'),
        '404': error('tontine_not_found'),
        ...rateLimited,
      },
      { parameters: [idParam()], requestParams: { query: ReportQuery } },
    ),
  },
  '/api/merchants/{id}/statement': {
    get: authed(
      'The merchant’s statement of one Kigali month (owner only): the monthly figures (sales, fees, refunds and reversals, settlements paid, withheld for working capital) and one line per movement of what the platform owes the merchant. PDF laid out for a phone, or CSV with one row per movement',
      {
        '200': file('The statement (application/pdf, or text/csv with format=csv)'),
        '400': error('validation_failed (format is pdf or csv) | month_invalid (YYYY-MM, from 2020-01 up to the current month)'),
        '404': error('merchant_not_found (also for another member’s merchant)'),
        ...rateLimited,
      },
      { parameters: [idParam()], requestParams: { query: MerchantStatementQuery } },
    ),
  },
  '/api/statements/download': {
    get: op(
      'A statement e-mailed by `npm run admin -- statements send`, as a PDF, without signing in: the token is the e-mailed link’s (signed, valid 7 days)',
      { '200': pdf('The statement'), '400': error('validation_failed'), '404': error('statement_link_invalid (forged, altered, expired, or its member’s account deleted)'), ...rateLimited },
      { requestParams: { query: StatementDownloadQuery } },
    ),
  },
};
