/**
 * The contributions, payments and notifications API, and the provider callback.
 *
 * Guarantees
 * - Paying needs an `Idempotency-Key` header: the same key from the same member answers the same
 *   payment (200) and never starts a second collection; a key used for another contribution is
 *   refused (409 `idempotency_key_reused`).
 * - The payment is stored before the provider is asked (PayContribution, through
 *   ContributionPayments: requests of the same moment share their reads and one transaction), answered 202 with its
 *   state; a provider refusal is the payment's `failed` state, an unreachable provider a 503 to
 *   retry with the same key.
 * - A member reads only their own payments and notifications (another's is a 404), and the
 *   contributions of a group only as its member (403 `not_a_member`).
 * - The callback (`PUT|POST /api/payments/callbacks/mtn/<token>`, MTN's format, the sandbox's too)
 *   is a hint, never proof. Its token must be the one made for the body's reference when the
 *   provider was asked (MobileMoneyCallbackTokens, constant-time): any other post answers 403
 *   `callback_refused` before any work, logged with a running count. A valid one makes the app
 *   ask the provider (ReconcilePayment) and book only the provider's own answer, through
 *   SettlePaymentReport (loan references included): a repeat answers 200 and changes nothing; an
 *   answer for another amount answers 409 `payment_amount_mismatch` and raises a dispute; a
 *   provider that cannot answer now, 202 `unverified` (the polling job asks again).
 */
import { Router } from '@koa/router';
import type { Container } from 'inversify';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { parseMtnCallback } from '../../adapters/mobile-money/mtn-momo-mobile-money.ts';
import { MikroOrmTontineRepository } from '../../adapters/postgres/mikro-orm-tontine-repository.ts';
import { PostgresNotificationStore, type StoredNotification } from '../../adapters/postgres/postgres-community.ts';
import { PostgresPaymentRepository } from '../../adapters/postgres/postgres-payment-repository.ts';
import { ContributionPayments } from '../payments/contribution-payments.ts';
import { ReconcilePayment } from '../../core/payments/reconcile-payment.ts';
import type { MobileMoneyCallbackTokens } from '../../adapters/mobile-money/callback-tokens.ts';
import { TOKENS } from '../container.ts';
import type { Authentication, AuthState } from './auth-routes.ts';
import { sendError } from './errors.ts';
import { PayRequest } from './savings-schemas.ts';
import { presentPayment, SavingsViews } from './savings-views.ts';
import { parseBody } from './validation.ts';

const NOTIFICATIONS_SHOWN = 50;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,200}$/;

/** The request's Idempotency-Key; answers 400 `idempotency_key_required` and null without a usable one. */
export function idempotencyKeyOf(ctx: Context): string | null {
  const key = ctx.get('Idempotency-Key').trim();
  if (IDEMPOTENCY_KEY.test(key)) return key;
  sendError(ctx, 'idempotency_key_required');
  return null;
}

function presentNotification(n: StoredNotification) {
  return { id: n.id, type: n.type, title: n.title, message: n.message, isRead: n.isRead, createdAt: n.createdAt.toISOString() };
}

export function paymentRoutes(container: Container, auth: Authentication): Router {
  const router = new Router({ prefix: '/api' });
  const authenticated = auth.required;
  const userOf = (ctx: Context) => (ctx.state.auth as AuthState).user;
  const payments = () => container.get(PostgresPaymentRepository);

  router.get('/contributions/user', authenticated, async (ctx) => {
    ctx.body = await new SavingsViews(container).memberContributions(userOf(ctx).id);
  });

  router.get('/contributions/tontine/:id', authenticated, async (ctx) => {
    const tontine = await container.get(MikroOrmTontineRepository).get(String(ctx.params.id));
    const user = userOf(ctx);
    if (!tontine || (tontine.isPersonalSavings && tontine.creatorId !== user.id)) return sendError(ctx, 'tontine_not_found');
    if (!tontine.isMember(user.id)) return sendError(ctx, 'not_a_member');
    ctx.body = await new SavingsViews(container).tontineContributions(tontine);
  });

  router.post('/contributions/:id/pay', authenticated, async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    if (!key) return;
    const input = parseBody(ctx, PayRequest.optional().transform((b) => b ?? {}));
    if (!input) return;
    const user = userOf(ctx);
    const paid = await container.get(ContributionPayments).pay({
      contributionId: String(ctx.params.id),
      userId: user.id,
      idempotencyKey: key,
      phoneNumber: input.phoneNumber,
      profilePhoneNumber: user.phoneNumber,
    });
    if (!paid.ok) return sendError(ctx, paid.error);
    ctx.status = paid.value.repeated ? 200 : 202;
    ctx.body = presentPayment(paid.value.payment);
  });

  router.get('/payments/:id', authenticated, async (ctx) => {
    const payment = await payments().findById(String(ctx.params.id));
    if (!payment || payment.memberId !== userOf(ctx).id) return sendError(ctx, 'payment_not_found');
    ctx.body = presentPayment(payment);
  });

  // A callback is a hint: its token (made for this payment when the provider was asked) lets it
  // through, and then the provider itself is asked; the body's status and amount are never booked.
  let refusedCallbacks = 0;
  const callback = async (ctx: Context) => {
    const parsed = parseMtnCallback((ctx.request as { body?: unknown }).body);
    if (!parsed.ok) return sendError(ctx, parsed.error);
    const { reference } = parsed.value;
    const direction = container.get<MobileMoneyCallbackTokens>(TOKENS.CallbackTokens).verify(String(ctx.params.token ?? ''), reference);
    if (direction === undefined) {
      refusedCallbacks++;
      container.get<Logger>(TOKENS.Logger).warn({ reference: reference.slice(0, 100), ip: ctx.ip, refusedCallbacks }, 'mobile-money callback refused: no valid token for this payment');
      return sendError(ctx, 'callback_refused');
    }
    const reconciled = await container.get(ReconcilePayment).execute({ direction, reference });
    if (!reconciled.ok) {
      if (reconciled.error === 'payment_not_found' || reconciled.error === 'payment_amount_mismatch') return sendError(ctx, reconciled.error);
      // The provider could not confirm it now: nothing is booked, the polling job asks again.
      ctx.status = 202;
      ctx.body = { status: 'unverified' };
      return;
    }
    ctx.body = { status: reconciled.value.outcome, paymentStatus: reconciled.value.paymentStatus };
  };
  for (const path of ['/payments/callbacks/mtn', '/payments/callbacks/mtn/:token']) {
    router.put(path, callback);
    router.post(path, callback);
  }

  router.get('/notifications', authenticated, async (ctx) => {
    const list = await container.get(PostgresNotificationStore).listForUser(userOf(ctx).id, NOTIFICATIONS_SHOWN);
    ctx.body = list.map(presentNotification);
  });

  router.patch('/notifications/:id/read', authenticated, async (ctx) => {
    const read = await container.get(PostgresNotificationStore).markRead(String(ctx.params.id), userOf(ctx).id);
    if (!read) return sendError(ctx, 'notification_not_found');
    ctx.body = presentNotification(read);
  });

  return router;
}
