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
import { sendError, sendFailure } from './errors.ts';
import { merchantIdOf, userOf } from './merchant-route-params.ts';
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

  /** The period's transactions of the member's business, or null once a refusal was answered. */
  async function transactionsOf(ctx: Context) {
    const period = periodOf(ctx);
    if (!period) return null;
    const listed = await useCases.listMerchantTransactions.execute({ merchantId: merchantIdOf(ctx), userId: userOf(ctx).id, ...period });
    if (listed.ok) return listed.value;
    sendFailure(ctx, listed);
    return null;
  }

  /** The period's settlements of the member's business, or null once a refusal was answered. */
  async function settlementsOf(ctx: Context) {
    const period = periodOf(ctx);
    if (!period) return null;
    const listed = await useCases.listMerchantSettlements.execute({ merchantId: merchantIdOf(ctx), userId: userOf(ctx).id, ...period });
    if (listed.ok) return listed.value;
    sendFailure(ctx, listed);
    return null;
  }

  const attachCsv = (ctx: Context, filename: string, body: string) => {
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
    ctx.body = body;
  };

  router.get('/merchants/:id/transactions', authenticated, async (ctx) => {
    const listed = await transactionsOf(ctx);
    if (listed) ctx.body = presentTransactions(listed);
  });

  router.get('/merchants/:id/transactions/export', authenticated, async (ctx) => {
    const listed = await transactionsOf(ctx);
    if (listed) attachCsv(ctx, `${listed.merchant.merchantCode}-transactions.csv`, transactionsCsv(listed));
  });

  router.get('/merchants/:id/settlements', authenticated, async (ctx) => {
    const listed = await settlementsOf(ctx);
    if (listed) ctx.body = presentSettlements(listed);
  });

  router.get('/merchants/:id/settlements/export', authenticated, async (ctx) => {
    const listed = await settlementsOf(ctx);
    if (listed) attachCsv(ctx, `${listed.merchant.merchantCode}-settlements.csv`, settlementsCsv(listed));
  });

  return router;
}
