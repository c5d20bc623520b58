/**
 * A business's figures (spec part 2 §7: /api/merchants/{id}/analytics, /api/merchants/{id}/monthly-figures):
 * computed in core (ShowSalesAnalytics, ShowMonthlyFigures), shaped here
 * (apps/http/merchant-presenters.ts).
 *
 * Guarantees
 * - Every route needs a signed-in member and reads that member's businesses only: another
 *   member's merchant id answers 404 `merchant_not_found`, exactly like an unknown id.
 * - A repeated `month` answers 400 `month_invalid`, never the current month.
 */
import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import type { BusinessRouteUseCases } from '../modules/merchants-module.ts';
import { sendFailure } from './errors.ts';
import { merchantIdOf, userOf } from './merchant-route-params.ts';
import { presentAnalytics, presentMonthlyFigures } from './merchant-presenters.ts';

export function merchantAnalyticsRoutes(useCases: BusinessRouteUseCases, options: { authenticated: Middleware }): Router {
  const router = new Router({ prefix: '/api' });
  const { authenticated } = options;

  router.get('/merchants/:id/analytics', authenticated, async (ctx) => {
    const shown = await useCases.showSalesAnalytics.execute({ merchantId: merchantIdOf(ctx), userId: userOf(ctx).id });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = presentAnalytics(shown.value);
  });

  router.get('/merchants/:id/monthly-figures', authenticated, async (ctx) => {
    // A repeated `month` reads as an array: refused, never taken for the current month.
    if (Array.isArray(ctx.query.month)) return sendFailure(ctx, { error: 'month_invalid' });
    const month = typeof ctx.query.month === 'string' && ctx.query.month !== '' ? ctx.query.month.slice(0, 20) : undefined;
    const shown = await useCases.showMonthlyFigures.execute({ merchantId: merchantIdOf(ctx), userId: userOf(ctx).id, ...(month ? { month } : {}) });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = presentMonthlyFigures(shown.value);
  });

  return router;
}
