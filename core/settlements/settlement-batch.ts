/**
 * Settlement batches: what each merchant is paid for a settlement period.
 *
 * Guarantees
 * - One batch per merchant and period, never two: a merchant whose latest batch is for this period
 *   or a later one gets nothing new, so re-running the job (or the admin command) creates nothing.
 * - A batch covers a range of completion times: [its merchant's previous batch's period end, its
 *   own period end) — from the epoch for the merchant's first batch by range — and holds the
 *   merchant's completed transactions completed in that range that no batch made before ranges
 *   holds (`settlementBatchId` of a marked row). The ranges of a merchant's batches follow one
 *   another without gap or overlap, so each completed transaction is covered by exactly one batch
 *   (stragglers of a week with no batch fall in the next batch's range). Settling writes nothing per
 *   transaction: "which batch covers it" is `coveringBatch`.
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
  /**
   * The batch covers its merchant's transactions completed in [coveredFrom, settlementPeriodEnd).
   * Null for a batch made before settlement by range: it holds the transactions marked with its id.
   */
  readonly coveredFrom: Date | null;
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

/** Where the ranges of a merchant's batches start when no earlier batch by range exists. */
export const SETTLEMENT_ORIGIN = new Date(0);

/** What a new batch continues from: the merchant's latest batch (by period). */
export type PreviousBatch = Pick<SettlementBatch, 'settlementPeriodStart' | 'settlementPeriodEnd' | 'coveredFrom' | 'carriedOut'>;

/**
 * The range a merchant's next batch for `period` covers, or undefined when its latest batch is
 * for this period or a later one (nothing new: settling is idempotent and ranges never overlap).
 */
export function nextCoveredRange(previous: PreviousBatch | undefined, period: Period): { from: Date; to: Date } | undefined {
  if (previous && previous.settlementPeriodStart.getTime() >= period.start.getTime()) return undefined;
  const from = previous?.coveredFrom ? previous.settlementPeriodEnd : SETTLEMENT_ORIGIN;
  return { from, to: period.end };
}

/** Whether the batch covers this transaction (by its range, or by the mark of a batch made before ranges). */
export function covers(batch: Pick<SettlementBatch, 'id' | 'merchantId' | 'coveredFrom' | 'settlementPeriodEnd'>, transaction: MerchantTransaction): boolean {
  if (batch.coveredFrom === null) return transaction.settlementBatchId === batch.id;
  if (transaction.merchantId !== batch.merchantId || transaction.status !== 'completed' || !transaction.completedAt) return false;
  if (transaction.settlementBatchId !== undefined) return false;
  const at = transaction.completedAt.getTime();
  return at >= batch.coveredFrom.getTime() && at < batch.settlementPeriodEnd.getTime();
}

/** The batch, among the merchant's, that covers the transaction; undefined while it waits for one. */
export function coveringBatch<B extends Pick<SettlementBatch, 'id' | 'merchantId' | 'coveredFrom' | 'settlementPeriodEnd'>>(
  batches: readonly B[],
  transaction: MerchantTransaction,
): B | undefined {
  return batches.find((batch) => covers(batch, transaction));
}

export interface BuildSettlementBatchesInput {
  readonly period: Period;
  /** The transactions as stored (those a batch made before ranges marked carry its id). */
  readonly transactions: readonly MerchantTransaction[];
  /** The merchant's latest batch, if any. */
  readonly previousBatch: (merchantId: string) => PreviousBatch | undefined;
  readonly merchantCode: (merchantId: string) => string;
  readonly now: Date;
  readonly newId: () => string;
}

export function buildSettlementBatches(input: BuildSettlementBatchesInput): SettlementBatch[] {
  const byMerchant = new Map<string, { from: Date; transactions: MerchantTransaction[] }>();
  for (const transaction of input.transactions) {
    const range = nextCoveredRange(input.previousBatch(transaction.merchantId), input.period);
    if (!range) continue;
    const candidate = { id: '', merchantId: transaction.merchantId, coveredFrom: range.from, settlementPeriodEnd: range.to };
    if (!covers(candidate, transaction)) continue;
    const group = byMerchant.get(transaction.merchantId) ?? { from: range.from, transactions: [] };
    group.transactions.push(transaction);
    byMerchant.set(transaction.merchantId, group);
  }
  const batches: SettlementBatch[] = [];
  for (const [merchantId, { from, transactions }] of [...byMerchant].sort(([a], [b]) => a.localeCompare(b))) {
    const totalAmount = Money.sum(transactions.map((t) => t.netAmount)).plus(input.previousBatch(merchantId)?.carriedOut ?? Money.ZERO);
    const { payable, carried } = totalAmount.splitWholeFrancs();
    if (!payable.isPositive()) continue;
    batches.push({
      id: input.newId(),
      batchReference: batchReference(input.merchantCode(merchantId), input.period),
      merchantId,
      settlementPeriodStart: input.period.start,
      settlementPeriodEnd: input.period.end,
      coveredFrom: from,
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
