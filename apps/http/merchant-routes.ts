/**
 * The agents, merchants and pay API (spec part 2 §7: /api/agents…, /api/merchants…; the public pay
 * page's /api/pay…). Each route parses with zod, calls one use case of core/agents or
 * core/merchants, maps its result through the one error table and shapes the answer. Amounts
 * leave as decimal strings with two decimals.
 *
 * Guarantees
 * - Every /api/agents and /api/merchants route needs a signed-in member and acts on that member's
 *   records only: another member's merchant id answers 404 `merchant_not_found`, exactly like an
 *   unknown id; the agent dashboard answers the agent only (404 `agent_not_found` otherwise).
 * - `GET /api/agents?code=` answers active agents only, with nothing personal.
 * - `PUT /api/merchants/{id}/compliance` changes the owner's own business only, while KYB is
 *   pending (409 `kyb_already_decided` after), validated as registration validates the fields.
 * - /api/pay is public (a customer needs no account): it shows verified merchants by name; a
 *   business awaiting KYB by its code and `awaiting_verification` only (paying it answers 409
 *   `merchant_not_verified`); a rejected business or an unknown code is 404. It takes payments for
 *   active merchants only (a suspended one answers 409 `merchant_not_active` with a clear message)
 *   and shows a receipt by its unguessable id.
 */
import { isCardProvider } from '../../core/payments/card-checkout.ts';
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Language } from '../../core/accounts/user.ts';
import type { RegisteredAgent } from '../../core/agents/agent-profile.ts';
import type { CommissionOnSale } from '../../core/agents/ports.ts';
import type { RegisteredMerchant } from '../../core/merchants/merchant-profile.ts';
import { receiptReference, type MerchantTransaction } from '../../core/merchants/merchant-transaction.ts';
import type { OwnerRefundView } from '../../core/merchants/merchant-card-refund.ts';
import { exportedStatus, listedStatus, type RefundsByTransaction, type ReversalsByTransaction } from '../../core/merchants/merchant-payments.ts';
import type { MerchantPaymentReversal } from '../../core/merchants/merchant-reversal.ts';
import { maskPhone, type PayPageMerchant, type PublicMerchant } from '../../core/merchants/pay-merchant.ts';
import { Money } from '../../core/money/money.ts';
import { kigaliInstant, parseDate, addDays } from '../../core/shared/calendar.ts';
import type { SettlementBatch } from '../../core/settlements/settlement-batch.ts';
import type { BusinessRouteUseCases } from '../modules/merchants-module.ts';
import { describeMerchantReason } from '../notifications/catalogue.ts';
import { csv } from '../../adapters/documents/csv.ts';
import type { AuthState } from './auth-routes.ts';
import { sendError, sendFailure } from './errors.ts';
import { idempotencyKeyOf } from './payment-routes.ts';
import { AgentCodeQuery, AgentRegistrationRequest, MerchantComplianceRequest, MerchantRegistrationRequest, PayRequest, PeriodQuery } from './merchant-schemas.ts';
import { parseBody } from './validation.ts';

const iso = (d: Date | undefined | null) => (d ? d.toISOString() : null);

export function presentAgent(a: RegisteredAgent) {
  return {
    id: a.id,
    agentCode: a.agentCode,
    agentType: a.agentType,
    businessName: a.businessName,
    businessRegistrationNumber: a.businessRegistrationNumber,
    physicalAddress: a.physicalAddress,
    district: a.district,
    sector: a.sector,
    phoneNumber: a.phoneNumber,
    email: a.email,
    serviceTerritories: a.serviceTerritories,
    accreditationStatus: a.accreditationStatus,
    createdAt: a.createdAt.toISOString(),
  };
}

/** A commission with the merchant and the sale it was earned on. */
const presentCommission = ({ commission: c, merchant, sale }: CommissionOnSale) => ({
  id: c.id,
  commissionType: c.commissionType,
  amount: c.amount.toDecimal(),
  currency: 'RWF' as const,
  status: c.status,
  createdAt: c.createdAt.toISOString(),
  merchant,
  sale: { amount: sale.amount.toDecimal(), currency: 'RWF' as const, at: sale.at.toISOString() },
});

/**
 * A merchant as its owner reads it. Rejected or suspended, the reason: `statusReasonCode`
 * (core/merchants/merchant-reason.ts; the web words it from its own catalogue) and
 * `statusReason`, its words in the owner's account language (apps/notifications), for a client
 * that does not know the code. An admin's note or older words (`other`) are never shown.
 */
function presentMerchant(m: RegisteredMerchant, language: Language, qrCodeUrl: string | null = null) {
  return {
    id: m.id,
    businessName: m.businessName,
    merchantStatus: m.merchantStatus,
    kybStatus: m.kybStatus,
    merchantCode: m.merchantCode,
    merchantCategory: m.merchantCategory,
    businessAddress: m.businessAddress,
    district: m.district,
    phoneNumber: m.phoneNumber,
    email: m.email,
    createdAt: m.createdAt.toISOString(),
    tin: m.tin,
    tradeLicenseNumber: m.tradeLicenseNumber,
    rdbRegistrationNumber: m.rdbRegistrationNumber,
    statusReasonCode: m.statusReasonCode,
    statusReason: m.statusReasonCode ? describeMerchantReason(language, m.statusReasonCode) : null,
    qrCodeUrl,
    onboardedByAgentId: m.onboardedByAgentId ?? null,
  };
}

/**
 * A reversed payment reads `reversed`, with when and why (its row keeps `completed`:
 * core/merchants/merchant-payments.ts); a card payment whose refund is under way reads
 * `completed` with `refund.status` `pending`.
 */
const paymentMethodOf = (t: MerchantTransaction) => (isCardProvider(t.provider) ? ('card' as const) : ('mobile_money' as const));

const presentTransaction = (t: MerchantTransaction, reversals: ReversalsByTransaction, refunds: RefundsByTransaction) => ({
  id: t.id,
  transactionReference: t.transactionReference,
  receiptReference: receiptReference(t),
  createdAt: t.createdAt.toISOString(),
  customerName: t.customerName ?? null,
  customerPhoneNumber: t.customerPhoneNumber,
  paymentMethod: paymentMethodOf(t),
  provider: t.provider,
  amount: t.amount.toDecimal(),
  merchantFee: t.merchantFee.toDecimal(),
  netAmount: t.netAmount.toDecimal(),
  status: listedStatus(t, reversals),
  settlementBatchId: t.settlementBatchId ?? null,
  reversedAt: iso(reversals.get(t.id)?.reversedAt),
  reversalReason: reversals.get(t.id)?.reason ?? null,
  refund: presentRefund(refunds.get(t.id)),
});

const presentRefund = (r: OwnerRefundView | undefined) => (r ? { status: r.status, requestedAt: r.requestedAt.toISOString() } : null);

/** A batch with its negative lines: the reversals dated in its range, each −net, already taken off `totalAmount`. */
const presentSettlement = (b: SettlementBatch, negativeLines: readonly MerchantPaymentReversal[]) => ({
  id: b.id,
  batchReference: b.batchReference,
  settlementPeriodStart: b.settlementPeriodStart.toISOString(),
  settlementPeriodEnd: b.settlementPeriodEnd.toISOString(),
  totalTransactions: b.totalTransactions,
  totalAmount: b.totalAmount.toDecimal(),
  payoutAmount: b.payoutAmount.toDecimal(),
  /** The "Withheld for working capital" line: taken off the payout before it was paid. */
  withheldForWorkingCapital: (b.withheldAmount ?? Money.ZERO).toDecimal(),
  carriedOver: b.carriedOut.toDecimal(),
  totalReversals: b.totalReversals,
  reversedAmount: b.reversedAmount.toDecimal(),
  negativeLines: negativeLines.map((r) => ({ transactionId: r.transactionId, receiptReference: receiptReference({ id: r.transactionId }), amount: r.netAmount.negate().toDecimal(), reason: r.reason, reversedAt: r.reversedAt.toISOString() })),
  currency: b.currency,
  payoutMethod: b.payoutMethod,
  status: b.status,
  createdAt: b.createdAt.toISOString(),
});

const PAY_PAGE_MESSAGES = {
  accepting: null,
  suspended: 'This merchant is not accepting payments right now.',
  awaiting_verification: 'This business does not accept payments yet.',
} as const;
/** A business awaiting verification shows its code and standing only: name and district are null. */
const presentPayPage = (m: PayPageMerchant) => ({
  merchantCode: m.merchantCode,
  businessName: m.standing === 'awaiting_verification' ? null : m.businessName,
  district: m.standing === 'awaiting_verification' ? null : m.district,
  standing: m.standing,
  acceptingPayments: m.acceptingPayments,
  message: PAY_PAGE_MESSAGES[m.standing],
});

const pngDataUrl = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`;


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

export function merchantRoutes(useCases: BusinessRouteUseCases, options: { authenticated: Middleware }): Router {
  const router = new Router({ prefix: '/api' });
  const { authenticated } = options;
  const userOf = (ctx: Context) => (ctx.state.auth as AuthState).user;

  // ---- agents ----
  router.get('/agents/me', authenticated, async (ctx) => {
    const shown = await useCases.showOwnAgent.execute({ userId: userOf(ctx).id });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = presentAgent(shown.value);
  });

  router.post('/agents/register', authenticated, async (ctx) => {
    const input = parseBody(ctx, AgentRegistrationRequest);
    if (!input) return;
    const business = input.agentType === 'business';
    const registered = await useCases.registerAgent.execute({
      ...input,
      userId: userOf(ctx).id,
      businessName: business ? input.businessName : null,
      businessRegistrationNumber: business ? input.businessRegistrationNumber : null,
    });
    if (!registered.ok) return sendFailure(ctx, registered);
    ctx.status = 201;
    ctx.body = presentAgent(registered.value);
  });

  router.get('/agents/dashboard', authenticated, async (ctx) => {
    const shown = await useCases.showAgentDashboard.execute({ userId: userOf(ctx).id });
    if (!shown.ok) return sendFailure(ctx, shown);
    const { agent, stats, recentMerchants, recentCommissions, pendingCommissions } = shown.value;
    ctx.body = {
      agent: presentAgent(agent),
      stats: {
        totalMerchantsOnboarded: stats.totalMerchantsOnboarded,
        activeMerchants: stats.activeMerchants,
        totalEarned: stats.totalEarned.toDecimal(),
        pendingEarnings: stats.pendingEarnings.toDecimal(),
        projectedEarnings: stats.projectedEarnings.toDecimal(),
        paidCommissions: stats.paidCommissions,
        pendingCommissions: stats.pendingCommissions,
      },
      recentMerchants: recentMerchants.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      recentCommissions: recentCommissions.map(presentCommission),
      pendingCommissions: pendingCommissions.map(presentCommission),
    };
  });

  router.get('/agents', authenticated, async (ctx) => {
    const query = AgentCodeQuery.safeParse(ctx.query);
    const code = query.success ? query.data.code : undefined;
    ctx.body = code ? await useCases.findAgentByCode.execute({ agentCode: code }) : [];
  });

  // ---- merchants ----
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

  const merchantId = (ctx: Context) => String(ctx.params.id);

  router.put('/merchants/:id/compliance', authenticated, async (ctx) => {
    const details = parseBody(ctx, MerchantComplianceRequest);
    if (!details) return;
    const updated = await useCases.updateMerchantCompliance.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id, details });
    if (!updated.ok) return sendFailure(ctx, updated);
    ctx.body = presentMerchant(updated.value, userOf(ctx).language);
  });

  router.get('/merchants/:id/qr', authenticated, async (ctx) => {
    const shown = await useCases.showMerchantQr.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id });
    if (!shown.ok) return sendFailure(ctx, shown);
    const qr = shown.value;
    ctx.body = qr
      ? { qrCodeUrl: pngDataUrl(qr.png), merchantCode: qr.merchant.merchantCode, payload: qr.payload, downloadUrl: `/api/merchants/${qr.merchant.id}/qr/download` }
      : { qrCodeUrl: null, merchantCode: null, payload: null, downloadUrl: null };
  });

  router.get('/merchants/:id/qr/download', authenticated, async (ctx) => {
    const shown = await useCases.showMerchantQr.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id });
    if (!shown.ok) return sendFailure(ctx, shown);
    if (!shown.value) return sendError(ctx, 'not_found', { message: 'No QR Code Generated' });
    ctx.set('Content-Disposition', `attachment; filename="${shown.value.merchant.merchantCode}.png"`);
    ctx.type = 'image/png';
    ctx.body = Buffer.from(shown.value.png);
  });

  router.post('/merchants/:id/generate-qr', authenticated, async (ctx) => {
    const generated = await useCases.generateMerchantQr.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id });
    if (!generated.ok) return sendFailure(ctx, generated);
    const qr = generated.value;
    ctx.body = { qrCodeUrl: pngDataUrl(qr.png), merchantCode: qr.merchant.merchantCode, payload: qr.payload, downloadUrl: `/api/merchants/${qr.merchant.id}/qr/download` };
  });

  router.get('/merchants/:id/transactions', authenticated, async (ctx) => {
    const period = periodOf(ctx);
    if (!period) return;
    const listed = await useCases.listMerchantTransactions.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id, ...period });
    if (!listed.ok) return sendFailure(ctx, listed);
    const { statistics: s } = listed.value;
    ctx.body = {
      transactions: listed.value.transactions.map((t) => presentTransaction(t, listed.value.reversals, listed.value.refunds)),
      statistics: {
        totalRevenue: s.totalRevenue.toDecimal(),
        netRevenue: s.netRevenue.toDecimal(),
        totalFees: s.totalFees.toDecimal(),
        totalTransactions: s.totalTransactions,
        completedTransactions: s.completedTransactions,
        reversedTransactions: s.reversedTransactions,
        withheldForWorkingCapital: Money.sum(listed.value.withholdings.map((w) => w.amount)).toDecimal(),
      },
      /** Each settlement's "Withheld for working capital" line in the period (issue 27). */
      workingCapitalWithholdings: listed.value.withholdings.map((w) => ({ batchReference: w.batchReference, amount: w.amount.negate().toDecimal(), at: w.at.toISOString() })),
    };
  });

  router.get('/merchants/:id/transactions/export', authenticated, async (ctx) => {
    const period = periodOf(ctx);
    if (!period) return;
    const listed = await useCases.listMerchantTransactions.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id, ...period });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="${listed.value.merchant.merchantCode}-transactions.csv"`);
    ctx.body = csv(
      ['Reference', 'Date', 'Customer', 'Phone', 'Method', 'Amount', 'Fee', 'Net', 'Status', 'Settlement', 'Reversed at', 'Reversal reason', 'Refund requested at'],
      listed.value.transactions.map((t) => [
        t.transactionReference,
        t.createdAt.toISOString(),
        t.customerName ?? 'N/A',
        t.customerPhoneNumber,
        paymentMethodOf(t),
        t.amount.toDecimal(),
        t.merchantFee.toDecimal(),
        t.netAmount.toDecimal(),
        // A card refund under way reads `refund_pending`, as the owner's list says "Refund pending".
        exportedStatus(t, listed.value.reversals, listed.value.refunds),
        t.settlementBatchId ?? '',
        iso(listed.value.reversals.get(t.id)?.reversedAt) ?? '',
        listed.value.reversals.get(t.id)?.reason ?? '',
        iso(listed.value.refunds.get(t.id)?.requestedAt) ?? '',
      ]),
    );
  });

  router.get('/merchants/:id/settlements', authenticated, async (ctx) => {
    const period = periodOf(ctx);
    if (!period) return;
    const listed = await useCases.listMerchantSettlements.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id, ...period });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.body = {
      settlements: listed.value.settlements.map((b) => presentSettlement(b, listed.value.negativeLines.get(b.id) ?? [])),
      pending: { amount: listed.value.pending.amount.toDecimal(), transactionCount: listed.value.pending.transactionCount },
    };
  });

  router.get('/merchants/:id/settlements/export', authenticated, async (ctx) => {
    const period = periodOf(ctx);
    if (!period) return;
    const listed = await useCases.listMerchantSettlements.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id, ...period });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="${listed.value.merchant.merchantCode}-settlements.csv"`);
    // A batch's row, then one row per negative line (a reversed payment: its id, −net, reason).
    ctx.body = csv(
      ['Reference', 'Period start', 'Period end', 'Transactions', 'Amount', 'Paid out', 'Withheld for working capital', 'Carried over', 'Currency', 'Method', 'Status', 'Date', 'Reversed payment', 'Reason'],
      listed.value.settlements.flatMap((b) => [
        [
          b.batchReference,
          b.settlementPeriodStart.toISOString(),
          b.settlementPeriodEnd.toISOString(),
          b.totalTransactions,
          b.totalAmount.toDecimal(),
          b.payoutAmount.toDecimal(),
          (b.withheldAmount ?? Money.ZERO).toDecimal(),
          b.carriedOut.toDecimal(),
          b.currency,
          b.payoutMethod,
          b.status,
          b.createdAt.toISOString(),
          '',
          '',
        ],
        ...(listed.value.negativeLines.get(b.id) ?? []).map((r) => [b.batchReference, '', '', '', r.netAmount.negate().toDecimal(), '', '', '', b.currency, 'reversal', '', r.reversedAt.toISOString(), r.transactionId, r.reason]),
      ]),
    );
  });

  router.get('/merchants/:id/analytics', authenticated, async (ctx) => {
    const shown = await useCases.showSalesAnalytics.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id });
    if (!shown.ok) return sendFailure(ctx, shown);
    const a = shown.value;
    const hour = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`;
    ctx.body = {
      transactionsAnalysed: a.transactionsAnalysed,
      historyDays: a.historyDays,
      completeWeeks: a.completeWeeks,
      weeklyRevenue: a.weeklyRevenue.map((w) => ({ weekStart: w.weekStart.toISOString(), revenue: w.revenue.toDecimal(), transactions: w.transactions })),
      revenueTrendPercent: a.revenueTrendPercent,
      nextWeekForecast: a.nextWeekForecast?.toDecimal() ?? null,
      peakHours: a.peakHours && { ...a.peakHours, label: `${hour(a.peakHours.startHour)}–${hour(a.peakHours.endHour)}` },
      basis: `Based on ${a.transactionsAnalysed} completed ${a.transactionsAnalysed === 1 ? 'payment' : 'payments'} over ${a.historyDays} ${a.historyDays === 1 ? 'day' : 'days'} (${a.completeWeeks} complete ${a.completeWeeks === 1 ? 'week' : 'weeks'})`,
    };
  });

  router.get('/merchants/:id/monthly-figures', authenticated, async (ctx) => {
    // A repeated `month` reads as an array: refused, never taken for the current month.
    if (Array.isArray(ctx.query.month)) return sendFailure(ctx, { error: 'month_invalid' });
    const month = typeof ctx.query.month === 'string' && ctx.query.month !== '' ? ctx.query.month.slice(0, 20) : undefined;
    const shown = await useCases.showMonthlyFigures.execute({ merchantId: merchantId(ctx), userId: userOf(ctx).id, ...(month ? { month } : {}) });
    if (!shown.ok) return sendFailure(ctx, shown);
    const f = shown.value;
    ctx.body = {
      month: f.month,
      from: f.from.toISOString(),
      to: f.to.toISOString(),
      sales: { count: f.sales.count, gross: f.sales.gross.toDecimal(), net: f.sales.net.toDecimal() },
      fees: f.fees.toDecimal(),
      reversals: { count: f.reversals.count, gross: f.reversals.gross.toDecimal(), net: f.reversals.net.toDecimal() },
      net: f.net.toDecimal(),
      settlementsPaid: f.settlementsPaid.toDecimal(),
      withheldForWorkingCapital: f.withheldForWorkingCapital.toDecimal(),
    };
  });

  // ---- the public pay page ----
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

function presentReceipt(t: MerchantTransaction, merchant: PublicMerchant, maskedPhone?: string) {
  return {
    id: t.id,
    transactionReference: t.transactionReference,
    receiptReference: receiptReference(t),
    status: t.status,
    amount: t.amount.toDecimal(),
    currency: 'RWF' as const,
    merchant: presentPayPage(merchant),
    customerPhoneNumber: maskedPhone ?? maskPhone(t.customerPhoneNumber),
    createdAt: t.createdAt.toISOString(),
    completedAt: iso(t.completedAt),
    providerReference: t.providerReference ?? null,
  };
}
