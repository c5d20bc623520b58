/**
 * A business's payments and settlements (spec part 2 §7: /api/merchants/{id}/transactions,
 * /api/merchants/{id}/settlements and their CSV exports), for a period: each route parses the
 * period, calls one use case of core/merchants and shapes its answer
 * (apps/http/merchant-presenters.ts).
 *
 * Guarantees
 * - Every route needs a signed-in member and reads that member's businesses only: another
 *   member's merchant id answers 404 `merchant_not_found`, exactly like an unknown id.
 * - A period is `from`/`to`, Kigali dates, `to` inclusive; another shape answers 400
 *   `validation_failed`.
 */
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import { addDays, kigaliInstant, parseDate } from '../../core/shared/calendar.ts';
import type { BusinessRouteUseCases } from '../modules/merchants-module.ts';
import type { AuthState } from './auth-routes.ts';
import { sendError, sendFailure } from './errors.ts';
import { presentSettlements, presentTransactions, settlementsCsv, transactionsCsv } from './merchant-presenters.ts';
import { PeriodQuery } from './merchant-schemas.ts';

/** `from`/`to` (Kigali dates, `to` inclusive) as instants: [from 00:00, day after `to` 00:00). */
function periodOf(ctx: Context): { from?: Date; to?: Date } | null {
  const parsed = PeriodQuery.safeParse(ctx.query);
  if (!parsed.success) {
    sendError(ctx, 'validation_failed', { message: parsed.error.issues[0]!.message });
    return null;
  }
  const day = (text: string | undefined) => (text ? parseDate(text) : undefined);
  const from = day(parsed.data.from);
  const to = day(parsed.data.to);
  if ((parsed.data.from && !from) || (parsed.data.to && !to)) {
    sendError(ctx, 'validation_failed', { message: 'Dates are YYYY-MM-DD' });
    return null;
  }
  return { ...(from ? { from: kigaliInstant(from) } : {}), ...(to ? { to: kigaliInstant(addDays(to, 1)) } : {}) };
}

export function merchantPaymentsRoutes(useCases: BusinessRouteUseCases, options: { authenticated: Middleware }): Router {
  const router = new Router({ prefix: '/api' });
  const { authenticated } = options;
  const userOf = (ctx: Context) => (ctx.state.auth as AuthState).user;
  const merchantId = (ctx: Context) => String(ctx.params.id);

  router.get('/merchants/:id/transactions', authenticated, async (ctx) => {
    const period = periodOf(ctx);
    if (!period) return;
    const listed = await useCases.listMerchantTransactions.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id, ...period });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.body = presentTransactions(listed.value);
  });

  router.get('/merchants/:id/transactions/export', authenticated, async (ctx) => {
    const period = periodOf(ctx);
    if (!period) return;
    const listed = await useCases.listMerchantTransactions.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id, ...period });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="${listed.value.merchant.merchantCode}-transactions.csv"`);
    ctx.body = transactionsCsv(listed.value);
  });

  router.get('/merchants/:id/settlements', authenticated, async (ctx) => {
    const period = periodOf(ctx);
    if (!period) return;
    const listed = await useCases.listMerchantSettlements.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id, ...period });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.body = presentSettlements(listed.value);
  });

  router.get('/merchants/:id/settlements/export', authenticated, async (ctx) => {
    const period = periodOf(ctx);
    if (!period) return;
    const listed = await useCases.listMerchantSettlements.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id, ...period });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="${listed.value.merchant.merchantCode}-settlements.csv"`);
    ctx.body = settlementsCsv(listed.value);
  });

  return router;
}
