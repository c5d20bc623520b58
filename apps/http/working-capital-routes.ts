/**
 * The working-capital API (issue 27): GET and POST /api/merchants/{id}/working-capital and
 * POST …/{loanId}/accept, each calling one use case of core/working-capital.
 *
 * Guarantees
 * - A signed-in member, and the merchant's owner only: another member's merchant or advance
 *   answers 404 exactly like an unknown id, and changes nothing.
 * - Amounts leave as decimal strings with two decimals; rates as percents.
 */
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Container } from 'inversify';
import { AcceptWorkingCapital } from '../../core/working-capital/accept-working-capital.ts';
import { ApplyForWorkingCapital } from '../../core/working-capital/apply-for-working-capital.ts';
import type { WorkingCapitalRepayment } from '../../core/working-capital/ports.ts';
import { ShowWorkingCapital } from '../../core/working-capital/show-working-capital.ts';
import { StartWorkingCapitalRepayment } from '../../core/working-capital/repay-working-capital.ts';
import { keyFactsFor, owedOn, type IneligibleReason, type WorkingCapitalKeyFacts, type WorkingCapitalLoan } from '../../core/working-capital/working-capital.ts';
import type { AuthState } from './auth-routes.ts';
import { sendFailure } from './errors.ts';
import { parseBody } from './validation.ts';
import { WorkingCapitalRepayRequest, WorkingCapitalRequest } from './working-capital-schemas.ts';

export function workingCapitalRouteUseCases(container: Container) {
  return { show: container.get(ShowWorkingCapital), apply: container.get(ApplyForWorkingCapital), accept: container.get(AcceptWorkingCapital), repay: container.get(StartWorkingCapitalRepayment) };
}
export type WorkingCapitalRouteUseCases = ReturnType<typeof workingCapitalRouteUseCases>;

/** Why no working capital is offered, in HTTP's words (the web words the codes in four languages). */
const REASON_MESSAGES: Readonly<Record<IneligibleReason, string>> = {
  merchant_not_verified: 'Working capital is for verified businesses',
  sales_history_too_short: 'Working capital needs at least 90 days of completed sales',
  working_capital_open: 'You already have working capital open',
  limit_below_minimum: 'Your recent sales do not yet support the minimum of 10,000 RWF',
};

const iso = (d: Date | undefined) => (d ? d.toISOString() : null);

export const presentKeyFacts = (f: WorkingCapitalKeyFacts) => ({
  amount: f.amount.toDecimal(),
  fee: f.fee.toDecimal(),
  feePercent: f.feeBps / 100,
  feeModelVersion: f.feeModelVersion,
  totalRepayable: f.totalRepayable.toDecimal(),
  aprPercent: f.aprBps / 100,
  withholdingPercent: f.withholdingBps / 100,
  expectedWeeklyRepayment: f.expectedWeeklyRepayment.toDecimal(),
  expectedWeeks: f.expectedWeeks,
  minimumEvery60Days: f.minimumEvery60Days.toDecimal(),
  termMonths: f.termMonths,
  earlyRepaymentFee: f.earlyRepaymentFee.toDecimal(),
});

const presentLoan = (l: WorkingCapitalLoan, repayments: readonly WorkingCapitalRepayment[] = []) => ({
  id: l.id,
  status: l.status,
  keyFacts: presentKeyFacts(l.keyFacts),
  basis: { payments: l.basis.payments, netSales: l.basis.netSales.toDecimal(), days: l.basis.days },
  repaid: l.repaid.toDecimal(),
  owed: owedOn(l).toDecimal(),
  createdAt: l.createdAt.toISOString(),
  acceptedAt: iso(l.acceptedAt),
  disbursedAt: iso(l.disbursedAt),
  dueAt: iso(l.dueAt),
  reviewReason: l.reviewReason ?? null,
  repayments: repayments.map((r) => ({ source: r.source, reference: r.reference, amount: r.amount.toDecimal(), at: r.at.toISOString() })),
});

export function workingCapitalRoutes(useCases: WorkingCapitalRouteUseCases, options: { authenticated: Middleware }): Router {
  const router = new Router({ prefix: '/api/merchants/:id/working-capital' });
  const userOf = (ctx: Context) => (ctx.state.auth as AuthState).user;
  const merchantId = (ctx: Context) => String(ctx.params.id);

  router.get('/', options.authenticated, async (ctx) => {
    const shown = await useCases.show.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id });
    if (!shown.ok) return sendFailure(ctx, shown);
    const { offer, current } = shown.value;
    const example = offer.eligible ? keyFactsFor(offer.limit, offer) : undefined;
    ctx.body = {
      eligible: offer.eligible,
      reasons: offer.reasons.map((code) => ({ code, message: REASON_MESSAGES[code] })),
      limit: offer.limit.toDecimal(),
      basis: { payments: offer.basis.payments, netSales: offer.basis.netSales.toDecimal(), days: offer.basis.days },
      historyDays: offer.historyDays,
      ...(example ? { offer: { limit: offer.limit.toDecimal(), feePercent: offer.feeBps / 100, withholdingPercent: example.withholdingBps / 100, example: presentKeyFacts(example) } } : {}),
      ...(current ? { current: presentLoan(current.loan, current.repayments) } : {}),
    };
  });

  router.post('/', options.authenticated, async (ctx) => {
    const body = parseBody(ctx, WorkingCapitalRequest);
    if (!body) return;
    const applied = await useCases.apply.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id, amount: body.amount });
    if (!applied.ok) return sendFailure(ctx, applied);
    ctx.status = 201;
    ctx.body = presentLoan(applied.value);
  });

  router.post('/:loanId/accept', options.authenticated, async (ctx) => {
    const accepted = await useCases.accept.execute({ merchantId: merchantId(ctx), loanId: String(ctx.params.loanId), userId: userOf(ctx).id });
    if (!accepted.ok) return sendFailure(ctx, accepted);
    ctx.body = presentLoan(accepted.value);
  });

  router.post('/:loanId/repay', options.authenticated, async (ctx) => {
    const body = parseBody(ctx, WorkingCapitalRepayRequest);
    if (!body) return;
    const started = await useCases.repay.execute({ merchantId: merchantId(ctx), loanId: String(ctx.params.loanId), userId: userOf(ctx).id, ...(body.amount ? { amount: body.amount } : {}) });
    if (!started.ok) return sendFailure(ctx, started);
    const c = started.value.collection;
    ctx.status = 202;
    ctx.body = { id: c.id, reference: c.reference, method: 'mobile_money', amount: c.amount.toDecimal(), status: c.status, phoneNumber: c.msisdn, requestedAt: c.requestedAt.toISOString() };
  });

  return router;
}
