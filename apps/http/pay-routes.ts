/**
 * The public pay page's API (/api/pay…): a customer needs no account. Each route parses with zod,
 * calls one use case of core/merchants and shapes its answer (apps/http/merchant-presenters.ts).
 *
 * Guarantees
 * - It shows verified merchants by name; a business awaiting KYB by its code and
 *   `awaiting_verification` only (paying it answers 409 `merchant_not_verified`); a rejected
 *   business or an unknown code is 404. It takes payments for active merchants only (a suspended
 *   one answers 409 `merchant_not_active` with a clear message) and shows a receipt by its
 *   unguessable id.
 * - An Idempotency-Key is optional (the pay page sends one per payment attempt); with one, a
 *   repeat answers the payment already started (200) and a different request under it 409.
 */
import { Router } from '@koa/router';
import type { BusinessRouteUseCases } from '../modules/merchants-module.ts';
import { sendFailure } from './errors.ts';
import { presentPayPage, presentReceipt } from './merchant-presenters.ts';
import { PayRequest } from './merchant-schemas.ts';
import { idempotencyKeyOf } from './payment-routes.ts';
import { parseBody } from './validation.ts';

export function payRoutes(useCases: BusinessRouteUseCases): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/pay/:merchantCode', async (ctx) => {
    const shown = await useCases.showPayPage.execute({ merchantCode: String(ctx.params.merchantCode) });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = presentPayPage(shown.value);
  });

  router.post('/pay/:merchantCode', async (ctx) => {
    // An Idempotency-Key is optional here (the pay page sends one per payment attempt); with one, a
    // repeat answers the payment already started and a different request under it 409.
    const key = ctx.get('Idempotency-Key').trim() === '' ? undefined : idempotencyKeyOf(ctx);
    if (key === null) return;
    const input = parseBody(ctx, PayRequest);
    if (!input) return;
    const paid = await useCases.payMerchant.execute({
      merchantCode: String(ctx.params.merchantCode),
      francs: input.amount.toWholeFrancs(),
      customerPhoneNumber: input.phoneNumber,
      ...(input.customerName ? { customerName: input.customerName } : {}),
      ...(key !== undefined ? { idempotencyKey: `pay:${key}` } : {}),
      publicClient: ctx.ip,
    });
    if (!paid.ok) return sendFailure(ctx, paid);
    ctx.status = paid.value.repeated ? 200 : 202;
    ctx.body = presentReceipt(paid.value.transaction, paid.value.merchant);
  });

  router.get('/pay/payments/:id', async (ctx) => {
    const shown = await useCases.showMerchantReceipt.execute({ transactionId: String(ctx.params.id) });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = presentReceipt(shown.value.transaction, shown.value.merchant, shown.value.maskedPhoneNumber);
  });

  return router;
}
