/**
 * Card payments API (issue 27, PROVIDERS.md §7) and the embedded sandbox checkout's pages.
 *
 * Guarantees
 * - `POST /api/payments/card` starts a card payment (StartCardPayment): a contribution or a loan
 *   repayment by the signed-in member who owes it, a working-capital repayment by the business's
 *   owner (anyone else: 404 as for an unknown advance), a merchant payment by anyone (the pay page,
 *   within its limits). The payment is stored before the checkout is opened; the answer is
 *   `{checkoutUrl, reference, status}`. An optional `Idempotency-Key` makes a retry answer the
 *   same payment (without one, each request is a new attempt).
 * - `GET /api/payments/card/:reference` answers the server's state of one card payment (never the
 *   redirect's); a pending one is first confirmed with the processor, at most every few seconds
 *   per reference. A member's payment is shown only to that member (a working-capital repayment
 *   to the business's owner); a merchant payment to whoever holds its reference.
 * - `POST /api/payments/callbacks/flutterwave` takes the webhook only with Flutterwave's secret
 *   hash (`verif-hash`, or `flutterwave-signature` over the raw body): any other post answers 401
 *   `callback_refused`, is logged with a running count, and books nothing. A signed one is still a
 *   hint: the processor's verify call is what is booked (ConfirmCardPayment), so a repeat or a
 *   forged body changes nothing. It answers 200 once handled (also for a reference we do not
 *   know, so the processor stops retrying), 202 when the processor cannot be asked now (the
 *   polling job will).
 * - The sandbox checkout's pages (`/sandbox/card-checkout/:id`) exist only when no Flutterwave
 *   keys are configured. Their form bodies (card numbers) are read here and handed to the
 *   sandbox, never logged or stored.
 */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import { isSignedByFlutterwave, parseFlutterwaveWebhook } from '../../adapters/card-checkout/flutterwave-webhook.ts';
import type { FlutterwaveSandbox } from '../../adapters/card-checkout/flutterwave-sandbox.ts';
import type { ConfirmCardPayment } from '../../core/payment-reports/confirm-card-payment.ts';
import type { ShowCardPayment } from '../../core/payment-reports/show-card-payment.ts';
import type { StartCardPayment, StartCardPaymentInput } from '../../core/payment-reports/start-card-payment.ts';
import type { AuthState, Authentication } from './auth-routes.ts';
import { sendError, sendFailure } from './errors.ts';
import { idempotencyKeyOf } from './payment-routes.ts';
import { parseBody } from './validation.ts';
import { MerchantPaymentAmount } from './merchant-schemas.ts';
import { WorkingCapitalRepaymentAmount } from './working-capital-schemas.ts';

export interface CardRouteUseCases {
  startCardPayment: StartCardPayment;
  showCardPayment: ShowCardPayment;
  confirmCardPayment: ConfirmCardPayment;
}

export interface CardRouteSettings {
  publicBaseUrl: string;
  /** The webhook's secret hash (FLUTTERWAVE_SECRET_HASH, or the sandbox's). */
  secretHash: string;
  logger: Logger;
  /** The embedded checkout, when no Flutterwave keys are configured. */
  sandbox: FlutterwaveSandbox | null;
}

/** The web client's return page (web/src: /payments/card/return). */
export const CARD_RETURN_PATH = '/payments/card/return';
/** A pending payment is asked of the processor at most this often per reference by the return page's reads. */
const REFRESH_EVERY_MS = 3000;
const MAX_REMEMBERED = 10_000;

const uuid = z.uuid({ message: 'Please give a valid id.' });
const CardPayRequest = z.discriminatedUnion('purpose', [
  z.object({ purpose: z.literal('contribution'), contributionId: uuid }),
  z.object({ purpose: z.literal('loan_repayment'), loanId: uuid, scope: z.enum(['instalment', 'balance']).default('instalment') }),
  z.object({ purpose: z.literal('working_capital'), merchantId: uuid, loanId: uuid, amount: WorkingCapitalRepaymentAmount }),
  z.object({
    purpose: z.literal('merchant'),
    merchantCode: z.string().trim().min(1).max(32),
    amount: MerchantPaymentAmount,
    email: z.email('Please enter a valid e-mail address.').max(254).optional(),
    customerName: z.string().trim().max(100).optional(),
  }),
], { error: 'Say what the card pays: purpose is contribution, loan_repayment, working_capital or merchant.' });

export function cardRoutes(useCases: CardRouteUseCases, auth: Pick<Authentication, 'required' | 'optional'>, settings: CardRouteSettings): Router {
  const router = new Router();
  const redirectUrl = `${settings.publicBaseUrl}${CARD_RETURN_PATH}`;
  const lastRefreshed = new Map<string, number>();

  router.post('/api/payments/card', auth.optional, async (ctx) => {
    const key = ctx.get('Idempotency-Key').trim() === '' ? `card:${crypto.randomUUID()}` : idempotencyKeyOf(ctx);
    if (key === null) return;
    const body = parseBody(ctx, CardPayRequest);
    if (!body) return;
    const user = (ctx.state.auth as AuthState | undefined)?.user;
    if (body.purpose !== 'merchant' && !user) return sendError(ctx, 'unauthenticated');
    const customer = user
      ? { email: user.email ?? `member-${user.id}@ikimina.invalid`, name: `${user.firstName} ${user.lastName}`.trim(), phoneNumber: user.phoneNumber ?? undefined }
      : { email: body.purpose === 'merchant' && body.email ? body.email : 'card-payer@ikimina.invalid', name: body.purpose === 'merchant' && body.customerName ? body.customerName : 'Card payer', phoneNumber: undefined };
    const common = { idempotencyKey: key, customer, redirectUrl };
    const input: StartCardPaymentInput =
      body.purpose === 'contribution'
        ? { ...common, purpose: 'contribution', userId: user!.id, contributionId: body.contributionId }
        : body.purpose === 'loan_repayment'
          ? { ...common, purpose: 'loan_repayment', userId: user!.id, loanId: body.loanId, scope: body.scope }
          : body.purpose === 'working_capital'
            ? { ...common, purpose: 'working_capital', userId: user!.id, merchantId: body.merchantId, loanId: body.loanId, ...(body.amount ? { amount: body.amount } : {}) }
            : { ...common, purpose: 'merchant', merchantCode: body.merchantCode, francs: body.amount.toWholeFrancs(), ...(body.customerName ? { customerName: body.customerName } : {}), publicClient: ctx.ip };
    const started = await useCases.startCardPayment.execute(input);
    if (!started.ok) return sendFailure(ctx, started);
    ctx.status = started.value.status === 'pending' ? 201 : 200;
    ctx.body = started.value;
  });

  router.get('/api/payments/card/:reference', auth.optional, async (ctx) => {
    const reference = String(ctx.params.reference).slice(0, 255);
    const now = Date.now();
    const refresh = now - (lastRefreshed.get(reference) ?? 0) >= REFRESH_EVERY_MS;
    if (refresh) {
      if (lastRefreshed.size >= MAX_REMEMBERED) lastRefreshed.clear();
      lastRefreshed.set(reference, now);
    }
    const shown = await useCases.showCardPayment.execute({ reference, userId: (ctx.state.auth as AuthState | undefined)?.user.id, refresh });
    if (!shown.ok) return sendFailure(ctx, shown);
    const p = shown.value;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { reference: p.reference, purpose: p.purpose, status: p.status, amount: p.amount.toDecimal(), subjectId: p.subjectId };
  });

  let refused = 0;
  router.post('/api/payments/callbacks/flutterwave', async (ctx) => {
    const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
    const signed = isSignedByFlutterwave({ verifHash: ctx.get('verif-hash') || undefined, signature: ctx.get('flutterwave-signature') || undefined }, raw, settings.secretHash);
    if (!signed) {
      refused++;
      settings.logger.warn({ ip: ctx.ip, refusedCallbacks: refused, hasVerifHash: ctx.get('verif-hash') !== '', hasSignature: ctx.get('flutterwave-signature') !== '' }, 'Flutterwave webhook refused: missing or wrong secret hash');
      return sendError(ctx, 'webhook_refused');
    }
    const hint = parseFlutterwaveWebhook((ctx.request as { body?: unknown }).body);
    if (!hint) return sendError(ctx, 'card_webhook_invalid');
    const confirmed = await useCases.confirmCardPayment.execute(hint);
    if (!confirmed.ok && confirmed.error === 'card_checkout_unavailable') {
      ctx.status = 202;
      ctx.body = { status: 'unverified' };
      return;
    }
    if (!confirmed.ok) settings.logger.warn({ reference: hint.reference.slice(0, 100), error: confirmed.error }, 'Flutterwave webhook: nothing booked');
    ctx.body = confirmed.ok ? { status: confirmed.value.outcome, paymentStatus: confirmed.value.paymentStatus } : { status: 'ignored' };
  });

  const sandbox = settings.sandbox;
  if (sandbox) {
    const answer = (ctx: Context, page: ReturnType<FlutterwaveSandbox['page']>) => {
      ctx.set('Cache-Control', 'no-store');
      if ('redirect' in page) return ctx.redirect(page.redirect);
      ctx.status = page.status;
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = page.html;
    };
    router.get('/sandbox/card-checkout/:id', (ctx) => answer(ctx, sandbox.page(String(ctx.params.id))));
    router.post('/sandbox/card-checkout/:id', async (ctx) => {
      const form = await readForm(ctx);
      if (!form) return sendError(ctx, 'validation_failed');
      answer(ctx, sandbox.submit(String(ctx.params.id), form));
    });
  }
  return router;
}

/** A small url-encoded form body, read here (the app's body parser takes JSON only). */
async function readForm(ctx: Context): Promise<URLSearchParams | null> {
  if (!ctx.is('application/x-www-form-urlencoded')) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > 4096) return null;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
