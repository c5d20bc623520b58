/** The agents, merchants and pay paths of the OpenAPI document (apps/http/openapi.ts spreads them in). */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import {
  AgentDashboardResponse,
  AgentRegistrationRequest,
  AgentResponse,
  AnalyticsResponse,
  MerchantComplianceRequest,
  MerchantRegistrationRequest,
  MerchantResponse,
  MonthlyFiguresResponse,
  PayPageResponse,
  PayRequest,
  PublicAgentResponse,
  QrResponse,
  ReceiptResponse,
  SettlementsResponse,
  TransactionsResponse,
} from './merchant-schemas.ts';
import { authed, error, idempotencyKey, idParam, json, list, op } from './openapi-parts.ts';

const merchantId = idParam();
const notFound = { '404': error('merchant_not_found (also for another member’s merchant)') };
const period = [
  { in: 'query' as const, name: 'from', required: false, schema: { type: 'string' as const, format: 'date' }, description: 'First Kigali day (YYYY-MM-DD)' },
  { in: 'query' as const, name: 'to', required: false, schema: { type: 'string' as const, format: 'date' }, description: 'Last Kigali day, included' },
];
const periodError = { '400': error('validation_failed (dates are YYYY-MM-DD, to after from)') };
const csv = (description: string) => ({ description, content: { 'text/csv': { schema: z.string() } } });
const merchantCode = { in: 'path' as const, name: 'merchantCode', required: true, schema: { type: 'string' as const, pattern: '^[A-Za-z0-9_-]{3,20}$' } };

export const merchantPaths: ZodOpenApiPathsObject = {
  '/api/agents/me': {
    get: authed('The member’s own agent profile (its presence means already registered; the redirect hub checks it)', {
      '200': { description: 'Agent', ...json(AgentResponse) },
      '404': error('agent_not_found'),
    }),
  },
  '/api/agents/register': {
    post: authed(
      'Register as an agent: pending accreditation by an admin',
      {
        '201': { description: 'Registered, pending accreditation', ...json(AgentResponse) },
        '400': error('validation_failed (the specification’s messages)'),
        '409': error('already_an_agent, agent_code_taken'),
      },
      { requestBody: json(AgentRegistrationRequest) },
    ),
  },
  '/api/agents/dashboard': {
    get: authed('The agent’s dashboard: stats (earned means paid), recent merchants, paid and pending commissions apart, each with its merchant and sale', {
      '200': { description: 'Dashboard', ...json(AgentDashboardResponse) },
      '404': error('agent_not_found (not an agent)'),
    }),
  },
  '/api/agents': {
    get: authed(
      'Look up a referring agent by code: active agents only, nothing personal (empty list otherwise)',
      { '200': { description: 'Zero or one agent', ...json(list(PublicAgentResponse)) } },
      { parameters: [{ in: 'query', name: 'code', required: false, schema: { type: 'string' } }] },
    ),
  },
  '/api/merchants/me': {
    get: authed('The member’s first merchant (its presence means already registered; the redirect hub checks it)', {
      '200': { description: 'Merchant', ...json(MerchantResponse) },
      '404': error('merchant_not_found'),
    }),
  },
  '/api/merchants/register': {
    post: authed(
      'Register a business: pending, KYB pending until an admin verifies it',
      {
        '201': { description: 'Registered', ...json(MerchantResponse) },
        '400': error('validation_failed (the specification’s messages; the district is one of the 30)'),
        '404': error('agent_not_found (the referring agent is not an active agent)'),
        '409': error('merchant_code_taken, own_business_referral (the referring agent is the member’s own agent profile), too_many_pending_merchants (5 await KYB already)'),
      },
      { requestBody: json(MerchantRegistrationRequest) },
    ),
  },
  '/api/merchants/{id}/compliance': {
    put: authed(
      'Add or correct the business’s TIN, trade licence and RDB number (owner only, while KYB is pending): the three as they should read, empty or absent clears one; audited',
      {
        '200': { description: 'The merchant with its new details', ...json(MerchantResponse) },
        '400': error('validation_failed (registration’s rules and messages: a TIN of 9–20 characters, the numbers at most 100)'),
        '404': error('merchant_not_found (also for another member’s merchant)'),
        '409': error('kyb_already_decided (KYB verified or rejected: the details can no longer be changed)'),
      },
      { parameters: [merchantId], requestBody: json(MerchantComplianceRequest) },
    ),
  },
  '/api/merchants/user/merchants': {
    get: authed('The member’s merchants, oldest first', { '200': { description: 'Merchants', ...json(list(MerchantResponse)) } }),
  },
  '/api/merchants/{id}/qr': {
    get: authed('The merchant’s payment QR (null before it was generated)', { '200': { description: 'QR', ...json(QrResponse) }, ...notFound }, { parameters: [merchantId] }),
  },
  '/api/merchants/{id}/qr/download': {
    get: authed(
      'The QR as a 300×300 PNG attachment named <merchantCode>.png',
      { '200': { description: 'PNG', content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } } }, '404': error('merchant_not_found, not_found (no QR generated yet)') },
      { parameters: [merchantId] },
    ),
  },
  '/api/merchants/{id}/generate-qr': {
    post: authed(
      'Generate the merchant’s EMVCo QR (RWF 646, RW, merchant code, name, city, CRC)',
      { '200': { description: 'QR', ...json(QrResponse) }, ...notFound },
      { parameters: [merchantId], requestBody: { content: { 'application/json': { schema: z.object({}) } } } },
    ),
  },
  '/api/merchants/{id}/transactions': {
    get: authed('Transactions of the period (all by default), newest first, with statistics', { '200': { description: 'Transactions', ...json(TransactionsResponse) }, ...periodError, ...notFound }, {
      parameters: [merchantId, ...period],
    }),
  },
  '/api/merchants/{id}/transactions/export': {
    get: authed('Transactions of the period as CSV', { '200': csv('CSV'), ...periodError, ...notFound }, { parameters: [merchantId, ...period] }),
  },
  '/api/merchants/{id}/settlements': {
    get: authed('Settlement batches of the period (all by default) and the net pending settlement', { '200': { description: 'Settlements', ...json(SettlementsResponse) }, ...periodError, ...notFound }, {
      parameters: [merchantId, ...period],
    }),
  },
  '/api/merchants/{id}/settlements/export': {
    get: authed('Settlement batches of the period as CSV: a row per batch, then a row per negative line (a reversed payment: Amount −net, Method `reversal`, Reversed payment, Reason)', { '200': csv('CSV'), ...periodError, ...notFound }, { parameters: [merchantId, ...period] }),
  },
  '/api/merchants/{id}/analytics': {
    get: authed('Business analytics from the merchant’s completed sales: weekly revenue, trend, next-week forecast, peak hours, and what they rest on', {
      '200': { description: 'Analytics', ...json(AnalyticsResponse) },
      ...notFound,
    }, { parameters: [merchantId] }),
  },
  '/api/merchants/{id}/monthly-figures': {
    get: authed(
      'The merchant’s figures for one Kigali calendar month, read from the ledger (they reconcile with it): sales (count, gross, net), fees kept, reversals given back (gross refunded, net taken back), net (sales net − reversals net), settlements paid out and what was withheld for working capital',
      { '200': { description: 'Monthly figures', ...json(MonthlyFiguresResponse) }, '400': error('month_invalid (YYYY-MM, from 2020-01 up to the current month)'), ...notFound },
      { parameters: [merchantId, { in: 'query' as const, name: 'month', required: false, schema: { type: 'string' as const, pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }, description: 'YYYY-MM (default: the current Kigali month)' }] },
    ),
  },
  '/api/pay/{merchantCode}': {
    get: op('Public pay page: a merchant by code (no account needed); a business awaiting verification shows its code and standing only', { '200': { description: 'Merchant', ...json(PayPageResponse) }, '404': error('merchant_not_found (unknown code or rejected business)') }, {
      parameters: [merchantCode],
    }),
    post: op(
      'Pay a merchant by mobile money (no account needed): the provider prompts the phone; follow GET /api/pay/payments/{id}',
      {
        '200': { description: 'Same Idempotency-Key and same request: the payment it started (no second collection)', ...json(ReceiptResponse) },
        '202': { description: 'Collection requested', ...json(ReceiptResponse) },
        '400': error('validation_failed, phone_number_invalid, payment_amount_invalid, idempotency_key_required (a malformed key)'),
        '404': error('merchant_not_found'),
        '409': error('merchant_not_verified (awaiting verification), merchant_not_active (suspended), idempotency_key_reused (the key was used for another merchant, amount, number or name)'),
        '422': error('mobile_money_refused'),
        '429': {
          ...error('rate_limited: too many collection requests for this number (PAY_REQUESTS_PER_NUMBER) or from this client (PAY_REQUESTS_PER_CLIENT) in the window; nothing is collected (Retry-After)'),
          headers: { 'Retry-After': { schema: { type: 'integer' as const } } },
        },
        '503': error('mobile_money_unavailable'),
      },
      {
        parameters: [
          merchantCode,
          idempotencyKey(
            'Optional, one per payment attempt (the pay page sends one and reuses it on a retry): the same key with the same request answers the payment it started (200) and never collects twice; with another request, 409 idempotency_key_reused.',
            '^[A-Za-z0-9._:-]{1,200}$',
            false,
          ),
        ],
        requestBody: json(PayRequest),
      },
    ),
  },
  '/api/pay/payments/{id}': {
    get: op('A customer’s payment to a merchant, as its receipt (status polling)', { '200': { description: 'Receipt', ...json(ReceiptResponse) }, '404': error('payment_not_found') }, {
      parameters: [idParam()],
    }),
  },
};
