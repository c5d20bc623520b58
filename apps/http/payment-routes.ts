/**
 * The contributions, payments and notifications API, and the provider callback.
 *
 * Guarantees
 * - Paying needs an `Idempotency-Key` header: the same key from the same member answers the same
 *   payment (200) and never starts a second collection; a key used for another contribution is
 *   refused (409 `idempotency_key_reused`).
 * - The payment is stored before the provider is asked (PayContribution, through
 *   PayContributionByMobileMoney: requests of the same moment share their reads and one transaction), answered 202 with its
 *   state; a provider refusal is the payment's `failed` state, an unreachable provider a 503 to
 *   retry with the same key.
 * - A member reads only their own payments and notifications (another's is a 404), and the
 *   contributions of a group only as its member (403 `not_a_member`; someone else's personal
 *   savings 404, core/tontines/tontine-access.ts).
 * - The callback (`PUT|POST /api/payments/callbacks/mtn/<token>`, MTN's format, the sandbox's too)
 *   is a hint, never proof. Its token must be the one made for the body's reference when the
 *   provider was asked (MobileMoneyCallbackTokens, constant-time): any other post answers 403
 *   `callback_refused` before any work, logged with a running count. A valid one makes the app
 *   ask the provider (ReconcilePayment) and book only the provider's own answer, through
 *   SettlePaymentReport (loan references included): a repeat answers 200 and changes nothing; an
 *   answer for another amount answers 409 `payment_amount_mismatch` and raises a dispute; a
 *   provider that cannot answer now, 202 `unverified` (the polling job asks again).
 * - Airtel's callback (`POST /api/payments/callbacks/airtel/<secret>`, Airtel's format, the
 *   sandbox's too when it plays Airtel) goes to the one URL set in Airtel's portal, so its last
 *   segment is a configured secret (AIRTEL_CALLBACK_SECRET), compared in constant time: any other
 *   post answers 403 `callback_refused` before any work. A valid one is a hint as well: Airtel is
 *   asked (its enquiry, as a collection, else as a disbursement) and only its answer is booked,
 *   with the same answers as MTN's route. Each route asks only its own provider.
 */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { timingSafeEqual } from 'node:crypto';
import type { CallbackUrlTokens, MobileMoneyCallbackParser, MobileMoneyProvider } from '../../core/payments/ports.ts';
import type { ListMemberContributions } from '../../core/contributions/list-member-contributions.ts';
import type { ListTontineContributions } from '../../core/contributions/list-tontine-contributions.ts';
import type { PayContributionByMobileMoney } from '../../core/contributions/pay-contribution-by-mobile-money.ts';
import type { ListNotifications } from '../../core/notifications/list-notifications.ts';
import type { ListNotificationPage } from '../../core/notifications/list-notification-page.ts';
import type { MarkAllNotificationsRead } from '../../core/notifications/mark-all-notifications-read.ts';
import type { MarkNotificationRead } from '../../core/notifications/mark-notification-read.ts';
import type { ReconcilePayment } from '../../core/payment-reports/reconcile-payment.ts';
import type { ShowPayment } from '../../core/payments/show-payment.ts';
import type { ShowContributionPayment } from '../../core/contributions/show-contribution-payment.ts';
import type { Authentication, AuthState } from './auth-routes.ts';
import { sendError, sendFailure } from './errors.ts';
import { NotificationPageQuery, notificationCursor, PayRequest } from './savings-schemas.ts';
import { presentMemberContribution, presentNotification, presentPayment, presentTontineContribution } from './savings-views.ts';
import { parseBody } from './validation.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,200}$/;

/** The request's Idempotency-Key; answers 400 `idempotency_key_required` and null without a usable one. */
export function idempotencyKeyOf(ctx: Context): string | null {
  const key = ctx.get('Idempotency-Key').trim();
  if (IDEMPOTENCY_KEY.test(key)) return key;
  sendError(ctx, 'idempotency_key_required');
  return null;
}

/** The use cases the contributions, payments and notifications API calls. */
export interface PaymentRouteUseCases {
  listMemberContributions: ListMemberContributions;
  listTontineContributions: ListTontineContributions;
  payContribution: PayContributionByMobileMoney;
  showPayment: ShowPayment;
  showContributionPayment: ShowContributionPayment;
  reconcilePayment: ReconcilePayment;
  listNotifications: ListNotifications;
  listNotificationPage: ListNotificationPage;
  markNotificationRead: MarkNotificationRead;
  markAllNotificationsRead: MarkAllNotificationsRead;
}

/** What the provider callback checks before any use case: its body's reference, its token, and where refusals are logged. */
export interface ProviderCallbacks {
  /** Each provider's callback body, read by its adapter's parser (only the reference is used). */
  parsers: { mtn: MobileMoneyCallbackParser<{ reference: string }>; airtel: MobileMoneyCallbackParser<{ reference: string }> };
  tokens: Pick<CallbackUrlTokens, 'verify'>;
  logger: Logger;
  /** The last segment of the Airtel callback URL. */
  airtelSecret: string;
  /** Whom each route's callbacks speak for: `sandbox` for both in sandbox mode, else `mtn` and `airtel`. */
  providers: { mtn: MobileMoneyProvider; airtel: MobileMoneyProvider };
}

/** Whether `given` is `expected`, in time independent of where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function paymentRoutes(useCases: PaymentRouteUseCases, auth: Pick<Authentication, 'required'>, callbacks: ProviderCallbacks): Router {
  const router = new Router({ prefix: '/api' });
  const authenticated = auth.required;
  const userOf = (ctx: Context) => (ctx.state.auth as AuthState).user;

  router.get('/contributions/user', authenticated, async (ctx) => {
    ctx.body = (await useCases.listMemberContributions.execute({ userId: userOf(ctx).id })).map(presentMemberContribution);
  });

  router.get('/contributions/tontine/:id', authenticated, async (ctx) => {
    const listed = await useCases.listTontineContributions.execute({ tontineId: String(ctx.params.id), userId: userOf(ctx).id });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.body = listed.value.map(presentTontineContribution);
  });

  router.post('/contributions/:id/pay', authenticated, async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    if (!key) return;
    const input = parseBody(ctx, PayRequest.optional().transform((b) => b ?? {}));
    if (!input) return;
    const user = userOf(ctx);
    const paid = await useCases.payContribution.execute({
      contributionId: String(ctx.params.id),
      userId: user.id,
      idempotencyKey: key,
      phoneNumber: input.phoneNumber,
      profilePhoneNumber: user.phoneNumber,
    });
    if (!paid.ok) return sendFailure(ctx, paid);
    ctx.status = paid.value.repeated ? 200 : 202;
    ctx.body = presentPayment(paid.value.payment);
  });

  // The latest payment of one of the member's contributions: a screen opened again (a reload,
  // another device) shows where a payment stands instead of offering to pay it twice.
  router.get('/contributions/:id/payment', authenticated, async (ctx) => {
    const shown = await useCases.showContributionPayment.execute({ userId: userOf(ctx).id, contributionId: String(ctx.params.id) });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = presentPayment(shown.value);
  });

  router.get('/payments/:id', authenticated, async (ctx) => {
    const shown = await useCases.showPayment.execute({ userId: userOf(ctx).id, paymentId: String(ctx.params.id) });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = presentPayment(shown.value);
  });

  // A callback is a hint: its token (made for this payment when the provider was asked) lets it
  // through, and then the provider itself is asked; the body's status and amount are never booked.
  let refusedCallbacks = 0;
  const callback = async (ctx: Context) => {
    const parsed = callbacks.parsers.mtn((ctx.request as { body?: unknown }).body);
    if (!parsed.ok) return sendFailure(ctx, parsed);
    const { reference } = parsed.value;
    const direction = callbacks.tokens.verify(String(ctx.params.token ?? ''), reference);
    if (direction === undefined) {
      refusedCallbacks++;
      callbacks.logger.warn({ reference: reference.slice(0, 100), ip: ctx.ip, refusedCallbacks }, 'mobile-money callback refused: no valid token for this payment');
      return sendError(ctx, 'callback_refused');
    }
    const reconciled = await useCases.reconcilePayment.execute({ direction, reference, provider: callbacks.providers.mtn });
    answerReconciled(ctx, reconciled);
  };
  const answerReconciled = (ctx: Context, reconciled: Awaited<ReturnType<ReconcilePayment['execute']>>) => {
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

  // Airtel posts every callback to the one URL set in its portal: its secret segment lets it
  // through, and Airtel itself is asked; the body's status is never booked.
  const airtelCallback = async (ctx: Context) => {
    const parsed = callbacks.parsers.airtel((ctx.request as { body?: unknown }).body);
    if (!parsed.ok) return sendFailure(ctx, parsed);
    const { reference } = parsed.value;
    if (!sameSecret(String(ctx.params.secret ?? ''), callbacks.airtelSecret)) {
      refusedCallbacks++;
      callbacks.logger.warn({ reference: reference.slice(0, 100), ip: ctx.ip, refusedCallbacks }, 'Airtel callback refused: wrong callback secret');
      return sendError(ctx, 'callback_refused');
    }
    const provider = callbacks.providers.airtel;
    // The body does not say whether it was a collection or a disbursement: Airtel knows the id under one of them.
    let reconciled = await useCases.reconcilePayment.execute({ direction: 'collection', reference, provider });
    if (!reconciled.ok && reconciled.error === 'mobile_money_reference_unknown') reconciled = await useCases.reconcilePayment.execute({ direction: 'transfer', reference, provider });
    answerReconciled(ctx, reconciled);
  };
  router.post('/payments/callbacks/airtel', airtelCallback);
  router.post('/payments/callbacks/airtel/:secret', airtelCallback);

  router.get('/notifications', authenticated, async (ctx) => {
    const reader = userOf(ctx);
    ctx.body = (await useCases.listNotifications.execute({ userId: reader.id })).map((n) => presentNotification(n, reader.language));
  });

  router.get('/notifications/page', authenticated, async (ctx) => {
    const query = NotificationPageQuery.safeParse(ctx.query);
    if (!query.success) return sendError(ctx, 'validation_failed', { message: query.error.issues[0]?.message ?? 'The query is not valid.' });
    const page = await useCases.listNotificationPage.execute({
      userId: userOf(ctx).id,
      ...(query.data.cursor ? { after: query.data.cursor } : {}),
      ...(query.data.limit ? { limit: query.data.limit } : {}),
    });
    ctx.body = { notifications: page.notifications.map((n) => presentNotification(n, userOf(ctx).language)), nextCursor: page.next && notificationCursor(page.next), unreadCount: page.unreadCount };
  });

  router.post('/notifications/read-all', authenticated, async (ctx) => {
    ctx.body = await useCases.markAllNotificationsRead.execute({ userId: userOf(ctx).id });
  });

  router.patch('/notifications/:id/read', authenticated, async (ctx) => {
    const read = await useCases.markNotificationRead.execute({ notificationId: String(ctx.params.id), userId: userOf(ctx).id });
    if (!read.ok) return sendFailure(ctx, read);
    ctx.body = presentNotification(read.value, userOf(ctx).language);
  });

  return router;
}
