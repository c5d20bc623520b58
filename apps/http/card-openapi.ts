/**
 * The card payments' paths of the OpenAPI document (apps/http/openapi.ts spreads them in):
 * apps/http/card-routes.ts, PROVIDERS.md §7, docs/cards.md.
 */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { error, idempotencyKey, json, op, security } from './openapi-parts.ts';

const CardPaymentStarted = z.object({
  reference: z.string().describe("Our reference (Flutterwave's tx_ref): follow it with GET /api/payments/card/{reference}"),
  checkoutUrl: z.url().describe("The processor's hosted checkout (send the payer there), or the return page when the payment is already settled"),
  status: z.enum(['pending', 'successful', 'failed']),
});

const CardPaymentState = z.object({
  reference: z.string(),
  purpose: z.enum(['contribution', 'loan_repayment', 'working_capital', 'merchant']),
  status: z.enum(['pending', 'successful', 'failed']).describe("The server's state: booked only on the processor's verify answer"),
  amount: z.string().describe('RWF, two decimals'),
  subjectId: z.string().describe('The contribution, loan, working capital or merchant transaction paid'),
});

const CardPayRequest = z.union([
  z.object({ purpose: z.literal('contribution'), contributionId: z.uuid() }),
  z.object({ purpose: z.literal('loan_repayment'), loanId: z.uuid(), scope: z.enum(['instalment', 'balance']).optional().describe('The next instalment (default) or the whole balance') }),
  z.object({
    purpose: z.literal('working_capital'),
    merchantId: z.uuid(),
    loanId: z.uuid().describe('The active or overdue working capital'),
    amount: z.number().int().min(1).optional().describe('Whole RWF, at most what is owed; all of it when left out (early repayment costs nothing extra)'),
  }),
  z.object({
    purpose: z.literal('merchant'),
    merchantCode: z.string(),
    amount: z.number().int().min(100).max(5_000_000).describe('Whole RWF, 100 to 5,000,000 (as the mobile-money pay page)'),
    email: z.email().optional().describe("The payer's e-mail for the processor's receipt"),
    customerName: z.string().max(100).optional(),
  }),
]);

const WebhookBody = z.object({
  event: z.string().describe('charge.completed'),
  data: z.object({ id: z.number().int(), tx_ref: z.string() }).passthrough(),
});

export const cardPaths: ZodOpenApiPathsObject = {
  '/api/payments/card': {
    post: op(
      'Pay by card on the processor\'s hosted checkout (Flutterwave v3 Standard; the embedded TEST checkout without keys). ' +
        'A contribution or a loan repayment needs the session of the member who owes it; a merchant payment (the public pay page) needs none. ' +
        'The payment is stored before the checkout is opened; the amount is ours (the contribution, the schedule, the typed amount on the pay page). ' +
        'Card data never reaches this server.',
      {
        '200': { description: 'The same key again, the payment already settled: checkoutUrl is the return page', ...json(CardPaymentStarted) },
        '201': { description: 'Checkout opened', ...json(CardPaymentStarted) },
        '400': error('validation_failed | idempotency_key_required | payment_amount_invalid'),
        '401': error('unauthenticated (contribution, loan_repayment and working_capital)'),
        '404': error('contribution_not_found | loan_not_found | working_capital_not_found (also another member\'s) | merchant_not_found'),
        '409': error('contribution_already_paid | fine_waived | payment_in_progress | repayment_in_progress | loan_not_repayable | working_capital_not_repayable | repayment_amount_invalid (more than the working capital owes) | merchant_not_active | merchant_not_verified | idempotency_key_reused'),
        '429': error('rate_limited (the public pay page)'),
        '502': error('card_checkout_refused'),
        '503': error('card_checkout_unavailable: retry with the same key'),
      },
      {
        security: [...security, {}],
        parameters: [idempotencyKey('Optional: the same key answers the same payment (and the same checkout while it is pending).', '^[A-Za-z0-9._:-]{1,200}$', false)],
        requestBody: json(CardPayRequest),
      },
    ),
  },
  '/api/payments/card/{reference}': {
    get: op(
      "Where a card payment stands, as the server knows it (the return page polls this; the redirect's own status is a hint only). " +
        "A pending payment is confirmed with the processor first. A member's payment only to that member (a working-capital repayment to the business's owner); a merchant payment to whoever holds its reference.",
      { '200': { description: 'The payment', ...json(CardPaymentState) }, '404': error('payment_not_found') },
      { security: [...security, {}], parameters: [{ in: 'path' as const, name: 'reference', required: true, schema: { type: 'string' as const } }] },
    ),
  },
  '/api/payments/callbacks/flutterwave': {
    post: op(
      "Flutterwave's webhook. Accepted only with the secret hash: `verif-hash` (compared in constant time) or `flutterwave-signature` " +
        '(base64 HMAC-SHA256 of the raw body under FLUTTERWAVE_SECRET_HASH). Then a hint only: the transaction is verified with the ' +
        'processor (same tx_ref, currency RWF, the amount asked, status successful) and only that answer is booked, once.',
      {
        '200': {
          description: "Handled on the processor's own answer (ignored: nothing booked, e.g. another reference's transaction)",
          ...json(z.object({ status: z.enum(['applied', 'exists', 'failed', 'pending', 'ignored', 'disputed']), paymentStatus: z.enum(['pending', 'successful', 'failed']).optional() })),
        },
        '202': { description: 'The processor could not be asked now: nothing booked, the polling job asks again', ...json(z.object({ status: z.literal('unverified') })) },
        '400': error('card_webhook_invalid'),
        '401': error('webhook_refused: no or wrong secret hash (logged and counted)'),
      },
      {
        parameters: [
          { in: 'header' as const, name: 'verif-hash', required: false, schema: { type: 'string' as const } },
          { in: 'header' as const, name: 'flutterwave-signature', required: false, schema: { type: 'string' as const } },
        ],
        requestBody: json(WebhookBody),
      },
    ),
  },
};
