/**
 * How the agents, merchants and pay routes (apps/http/agent-routes.ts, merchant-account-routes.ts,
 * merchant-payments-routes.ts, merchant-analytics-routes.ts, pay-routes.ts) shape what a use case
 * answered: amounts leave as decimal strings with two decimals, instants as ISO strings; the CSV
 * exports and the few English words the answers carry (the pay page's standing, the analytics'
 * basis) are written here, nothing is computed.
 */
import { isCardProvider } from '../../core/payments/card-checkout.ts';
import type { Language } from '../../core/accounts/user.ts';
import type { RegisteredAgent } from '../../core/agents/agent-profile.ts';
import type { CommissionOnSale } from '../../core/agents/ports.ts';
import type { AgentDashboard } from '../../core/agents/show-agent-dashboard.ts';
import type { MerchantQr } from '../../core/merchants/merchant-qr.ts';
import type { RegisteredMerchant } from '../../core/merchants/merchant-profile.ts';
import { receiptReference, type MerchantTransaction } from '../../core/merchants/merchant-transaction.ts';
import type { OwnerRefundView } from '../../core/merchants/merchant-card-refund.ts';
import { exportedStatus, listedStatus, type RefundsByTransaction, type ReversalsByTransaction } from '../../core/merchants/merchant-payments.ts';
import type { MerchantPaymentReversal } from '../../core/merchants/merchant-reversal.ts';
import type { MerchantSettlementsListed } from '../../core/merchants/list-merchant-settlements.ts';
import type { MerchantTransactionsListed } from '../../core/merchants/list-merchant-transactions.ts';
import type { MonthlyFigures } from '../../core/merchants/monthly-figures.ts';
import { maskPhone, type PayPageMerchant, type PublicMerchant } from '../../core/merchants/pay-page-view.ts';
import type { SalesAnalytics } from '../../core/merchants/sales-analytics.ts';
import { Money } from '../../core/money/money.ts';
import type { SettlementBatch } from '../../core/settlements/settlement-batch.ts';
import { describeMerchantReason } from '../notifications/catalogue.ts';
import { csv } from '../../adapters/documents/csv.ts';

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
export function presentMerchant(m: RegisteredMerchant, language: Language, qrCodeUrl: string | null = null) {
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

/** How the customer paid: a card, or a mobile money wallet. */
const paymentMethodOf = (t: MerchantTransaction) => (isCardProvider(t.provider) ? ('card' as const) : ('mobile_money' as const));

/**
 * A reversed payment reads `reversed`, with when and why (its row keeps `completed`:
 * core/merchants/merchant-payments.ts); a card payment whose refund is under way reads
 * `completed` with `refund.status` `pending`.
 */
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
export const presentPayPage = (m: PayPageMerchant) => ({
  merchantCode: m.merchantCode,
  businessName: m.standing === 'awaiting_verification' ? null : m.businessName,
  district: m.standing === 'awaiting_verification' ? null : m.district,
  standing: m.standing,
  acceptingPayments: m.acceptingPayments,
  message: PAY_PAGE_MESSAGES[m.standing],
});

const pngDataUrl = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`;

/** A QR code as the owner's screens read it: the image as a data URL, and where to download it. */
export const presentQr = (qr: MerchantQr) => ({ qrCodeUrl: pngDataUrl(qr.png), merchantCode: qr.merchant.merchantCode, payload: qr.payload, downloadUrl: `/api/merchants/${qr.merchant.id}/qr/download` });

export function presentAgentDashboard({ agent, stats, recentMerchants, recentCommissions, pendingCommissions }: AgentDashboard) {
  return {
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
}

export function presentTransactions(listed: MerchantTransactionsListed) {
  const { statistics: s } = listed;
  return {
    transactions: listed.transactions.map((t) => presentTransaction(t, listed.reversals, listed.refunds)),
    statistics: {
      totalRevenue: s.totalRevenue.toDecimal(),
      netRevenue: s.netRevenue.toDecimal(),
      totalFees: s.totalFees.toDecimal(),
      totalTransactions: s.totalTransactions,
      completedTransactions: s.completedTransactions,
      reversedTransactions: s.reversedTransactions,
      withheldForWorkingCapital: Money.sum(listed.withholdings.map((w) => w.amount)).toDecimal(),
    },
    /** Each settlement's "Withheld for working capital" line in the period (issue 27). */
    workingCapitalWithholdings: listed.withholdings.map((w) => ({ batchReference: w.batchReference, amount: w.amount.negate().toDecimal(), at: w.at.toISOString() })),
  };
}

/** The transactions CSV: one row per transaction, its reversal's date and reason when reversed, when its card refund was asked. */
export const transactionsCsv = (listed: MerchantTransactionsListed) =>
  csv(
    ['Reference', 'Date', 'Customer', 'Phone', 'Method', 'Amount', 'Fee', 'Net', 'Status', 'Settlement', 'Reversed at', 'Reversal reason', 'Refund requested at'],
    listed.transactions.map((t) => [
      t.transactionReference,
      t.createdAt.toISOString(),
      t.customerName ?? 'N/A',
      t.customerPhoneNumber,
      paymentMethodOf(t),
      t.amount.toDecimal(),
      t.merchantFee.toDecimal(),
      t.netAmount.toDecimal(),
      // A card refund under way reads `refund_pending`, as the owner's list says "Refund pending".
      exportedStatus(t, listed.reversals, listed.refunds),
      t.settlementBatchId ?? '',
      iso(listed.reversals.get(t.id)?.reversedAt) ?? '',
      listed.reversals.get(t.id)?.reason ?? '',
      iso(listed.refunds.get(t.id)?.requestedAt) ?? '',
    ]),
  );

export function presentSettlements(listed: MerchantSettlementsListed) {
  return {
    settlements: listed.settlements.map((b) => presentSettlement(b, listed.negativeLines.get(b.id) ?? [])),
    pending: { amount: listed.pending.amount.toDecimal(), transactionCount: listed.pending.transactionCount },
  };
}

/** The settlements CSV: a batch's row, then one row per negative line (a reversed payment: its id, −net, reason). */
export const settlementsCsv = (listed: MerchantSettlementsListed) =>
  csv(
    ['Reference', 'Period start', 'Period end', 'Transactions', 'Amount', 'Paid out', 'Withheld for working capital', 'Carried over', 'Currency', 'Method', 'Status', 'Date', 'Reversed payment', 'Reason'],
    listed.settlements.flatMap((b) => [
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
      ...(listed.negativeLines.get(b.id) ?? []).map((r) => [b.batchReference, '', '', '', r.netAmount.negate().toDecimal(), '', '', '', b.currency, 'reversal', '', r.reversedAt.toISOString(), r.transactionId, r.reason]),
    ]),
  );

const hourLabel = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The analytics as figures, with the words of the peak hours and of what they rest on (English, as the specification's card). */
export function presentAnalytics(a: SalesAnalytics) {
  return {
    transactionsAnalysed: a.transactionsAnalysed,
    historyDays: a.historyDays,
    completeWeeks: a.completeWeeks,
    weeklyRevenue: a.weeklyRevenue.map((w) => ({ weekStart: w.weekStart.toISOString(), revenue: w.revenue.toDecimal(), transactions: w.transactions })),
    revenueTrendPercent: a.revenueTrendPercent,
    nextWeekForecast: a.nextWeekForecast?.toDecimal() ?? null,
    peakHours: a.peakHours && { ...a.peakHours, label: `${hourLabel(a.peakHours.startHour)}–${hourLabel(a.peakHours.endHour)}` },
    basis: `Based on ${plural(a.transactionsAnalysed, 'completed payment', 'completed payments')} over ${plural(a.historyDays, 'day', 'days')} (${plural(a.completeWeeks, 'complete week', 'complete weeks')})`,
  };
}

export const presentMonthlyFigures = (f: MonthlyFigures) => ({
  month: f.month,
  from: f.from.toISOString(),
  to: f.to.toISOString(),
  sales: { count: f.sales.count, gross: f.sales.gross.toDecimal(), net: f.sales.net.toDecimal() },
  fees: f.fees.toDecimal(),
  reversals: { count: f.reversals.count, gross: f.reversals.gross.toDecimal(), net: f.reversals.net.toDecimal() },
  net: f.net.toDecimal(),
  settlementsPaid: f.settlementsPaid.toDecimal(),
  withheldForWorkingCapital: f.withheldForWorkingCapital.toDecimal(),
});

export function presentReceipt(t: MerchantTransaction, merchant: PublicMerchant, maskedPhone?: string) {
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
