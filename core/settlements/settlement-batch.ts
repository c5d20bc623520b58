/**
 * Settlement batches: what each merchant is paid for a settlement period.
 *
 * Guarantees
 * - One batch per merchant and period, never two: merchants that already have a batch for the
 *   period get nothing new, so re-running the job (or the admin command) creates nothing.
 * - A batch takes the merchant's completed transactions that no batch holds yet and that completed
 *   before the period's end (stragglers of earlier weeks included); each transaction is settled once.
 * - A batch pays the whole francs of (net of its transactions + the fraction carried from the
 *   merchant's previous batch) and carries the rest: no centime is created or lost. A merchant
 *   whose total is under one franc gets no batch; the transactions wait for the next period.
 * - The batch reference `STL-<YYYYMMDD of the period's Monday>-<merchantCode>` is deterministic and
 *   is the mobile-money idempotency reference of its first transfer (core/transfers `transferReference`).
 */
import type { MerchantTransaction } from '../merchants/merchant-transaction.ts';
import { CURRENCY, Money } from '../money/money.ts';
import { formatDate, kigaliDateOf, type Period } from '../shared/calendar.ts';
import type { PayoutStatus } from './payout-status.ts';

export interface SettlementBatch {
  readonly id: string;
  readonly batchReference: string;
  readonly merchantId: string;
  readonly settlementPeriodStart: Date;
  readonly settlementPeriodEnd: Date;
  readonly transactionIds: readonly string[];
  readonly totalTransactions: number;
  /** Net of the batch's transactions plus the fraction carried in. */
  readonly totalAmount: Money;
  readonly payoutAmount: Money;
  readonly carriedOut: Money;
  readonly currency: typeof CURRENCY;
  readonly payoutMethod: 'mobile_money';
  readonly status: PayoutStatus;
  /** Transfers tried so far; a retry after a refusal uses a new transfer reference. */
  readonly attempts: number;
  readonly createdAt: Date;
}

/** `STL-<YYYYMMDD of the period's Monday>-`, the part of a batch reference before the merchant's code. */
export function batchReferencePrefix(period: Period): string {
  return `STL-${formatDate(kigaliDateOf(period.start)).replaceAll('-', '')}-`;
}

export function batchReference(merchantCode: string, period: Period): string {
  return `${batchReferencePrefix(period)}${merchantCode}`;
}

export interface BuildSettlementBatchesInput {
  readonly period: Period;
  readonly transactions: readonly MerchantTransaction[];
  /** Merchants that already have a batch for this period. */
  readonly alreadySettledMerchantIds: ReadonlySet<string>;
  readonly merchantCode: (merchantId: string) => string;
  readonly carriedIn: (merchantId: string) => Money;
  readonly now: Date;
  readonly newId: () => string;
}

export function buildSettlementBatches(input: BuildSettlementBatchesInput): SettlementBatch[] {
  const byMerchant = new Map<string, MerchantTransaction[]>();
  for (const transaction of input.transactions) {
    if (transaction.status !== 'completed' || transaction.settlementBatchId !== undefined) continue;
    if (!transaction.completedAt || transaction.completedAt.getTime() >= input.period.end.getTime()) continue;
    if (input.alreadySettledMerchantIds.has(transaction.merchantId)) continue;
    byMerchant.set(transaction.merchantId, [...(byMerchant.get(transaction.merchantId) ?? []), transaction]);
  }
  const batches: SettlementBatch[] = [];
  for (const [merchantId, transactions] of [...byMerchant].sort(([a], [b]) => a.localeCompare(b))) {
    const totalAmount = Money.sum(transactions.map((t) => t.netAmount)).plus(input.carriedIn(merchantId));
    const { payable, carried } = totalAmount.splitWholeFrancs();
    if (!payable.isPositive()) continue;
    batches.push({
      id: input.newId(),
      batchReference: batchReference(input.merchantCode(merchantId), input.period),
      merchantId,
      settlementPeriodStart: input.period.start,
      settlementPeriodEnd: input.period.end,
      transactionIds: transactions.map((t) => t.id),
      totalTransactions: transactions.length,
      totalAmount,
      payoutAmount: payable,
      carriedOut: carried,
      currency: CURRENCY,
      payoutMethod: 'mobile_money',
      status: 'processing',
      attempts: 0,
      createdAt: input.now,
    });
  }
  return batches;
}
