/**
 * A member's businesses (spec part 2 §7: /api/merchants/me, /api/merchants/user/merchants,
 * /api/merchants/register, /api/merchants/{id}/compliance, /api/merchants/{id}/qr…): each route
 * parses with zod, calls one use case of core/merchants and shapes its answer
 * (apps/http/merchant-presenters.ts).
 *
 * Guarantees
 * - Every route needs a signed-in member and acts on that member's records only: another member's
 *   merchant id answers 404 `merchant_not_found`, exactly like an unknown id.
 * - `PUT /api/merchants/{id}/compliance` changes the owner's own business only, while KYB is
 *   pending (409 `kyb_already_decided` after), validated as registration validates the fields.
 */
import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import type { BusinessRouteUseCases } from '../modules/merchants-module.ts';
import { sendError, sendFailure } from './errors.ts';
import { merchantIdOf, userOf } from './merchant-route-params.ts';
import { presentMerchant, presentQr } from './merchant-presenters.ts';
import { MerchantComplianceRequest, MerchantRegistrationRequest } from './merchant-schemas.ts';
import { parseBody } from './validation.ts';

export function merchantAccountRoutes(useCases: BusinessRouteUseCases, options: { authenticated: Middleware }): Router {
  const router = new Router({ prefix: '/api' });
  const { authenticated } = options;

  router.get('/merchants/me', authenticated, async (ctx) => {
    const [first] = await useCases.listOwnMerchants.execute({ userId: userOf(ctx).id });
    if (!first) return sendError(ctx, 'merchant_not_found');
    ctx.body = presentMerchant(first, userOf(ctx).language);
  });

  router.get('/merchants/user/merchants', authenticated, async (ctx) => {
    ctx.body = (await useCases.listOwnMerchants.execute({ userId: userOf(ctx).id })).map((m) => presentMerchant(m, userOf(ctx).language));
  });

  router.post('/merchants/register', authenticated, async (ctx) => {
    const input = parseBody(ctx, MerchantRegistrationRequest);
    if (!input) return;
    const registered = await useCases.registerMerchant.execute({ ...input, ownerId: userOf(ctx).id });
    if (!registered.ok) return sendFailure(ctx, registered);
    ctx.status = 201;
    ctx.body = presentMerchant(registered.value, userOf(ctx).language);
  });

  router.put('/merchants/:id/compliance', authenticated, async (ctx) => {
    const details = parseBody(ctx, MerchantComplianceRequest);
    if (!details) return;
    const updated = await useCases.updateMerchantCompliance.execute({ merchantId: merchantIdOf(ctx), userId: userOf(ctx).id, details });
    if (!updated.ok) return sendFailure(ctx, updated);
    ctx.body = presentMerchant(updated.value, userOf(ctx).language);
  });

  router.get('/merchants/:id/qr', authenticated, async (ctx) => {
    const shown = await useCases.showMerchantQr.execute({ merchantId: merchantIdOf(ctx), userId: userOf(ctx).id });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = shown.value ? presentQr(shown.value) : { qrCodeUrl: null, merchantCode: null, payload: null, downloadUrl: null };
  });

  router.get('/merchants/:id/qr/download', authenticated, async (ctx) => {
    const shown = await useCases.showMerchantQr.execute({ merchantId: merchantIdOf(ctx), userId: userOf(ctx).id });
    if (!shown.ok) return sendFailure(ctx, shown);
    if (!shown.value) return sendError(ctx, 'not_found', { message: 'No QR Code Generated' });
    ctx.set('Content-Disposition', `attachment; filename="${shown.value.merchant.merchantCode}.png"`);
    ctx.type = 'image/png';
    ctx.body = Buffer.from(shown.value.png);
  });

  router.post('/merchants/:id/generate-qr', authenticated, async (ctx) => {
    const generated = await useCases.generateMerchantQr.execute({ merchantId: merchantIdOf(ctx), userId: userOf(ctx).id });
    if (!generated.ok) return sendFailure(ctx, generated);
    ctx.body = presentQr(generated.value);
  });

  return router;
}
