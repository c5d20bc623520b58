/**
 * Settlement batches: what each merchant is paid for a settlement period.
 *
 * Guarantees
 * - One batch per merchant and period, never two: a merchant whose latest batch is for this period
 *   or a later one gets nothing new, so re-running the job (or the admin command) creates nothing.
 * - A batch covers a range of completion times [coveredFrom, coveredUntil): from its merchant's
 *   previous batch's `coveredUntil` (the epoch for the merchant's first batch by range) up to the
 *   period's end, or up to `now` when the period has not ended yet (an admin settling the current
 *   week: what completes later in that week falls in the next batch's range). It holds the
 *   merchant's completed transactions completed in that range, except those a batch made before
 *   ranges marked (`settlementBatchId` stored on the row). The ranges of a merchant's batches
 *   follow one another without gap or overlap, so each completed transaction is covered by exactly
 *   one batch (stragglers of a week with no batch fall in the next batch's range). Settling writes
 *   nothing per transaction: "which batch covers it" is `coveringBatch`.
 * - A period that has not begun is not settled.
 * - A batch pays the whole francs of (net of its transactions + the fraction carried from the
 *   merchant's previous batch) and carries the rest: no centime is created or lost. A merchant
 *   whose total is under one franc gets no batch; the transactions wait for the next period.
 * - The batch reference `STL-<YYYYMMDD of the period's Monday>-<merchantCode>` is deterministic and
 *   is the mobile-money idempotency reference of its first transfer (core/transfers `transferReference`).
 */
import type { MerchantPaymentReversal } from '../merchants/merchant-reversal.ts';
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
   * The batch covers its merchant's transactions completed in [coveredFrom, coveredUntil). Both
   * null for a batch made before settlement by range: it holds the transactions marked with its id.
   */
  readonly coveredFrom: Date | null;
  readonly coveredUntil: Date | null;
  readonly transactionIds: readonly string[];
  readonly totalTransactions: number;
  /** Reversals dated in the batch's range: its negative lines (core/merchants/merchant-reversal.ts). */
  readonly totalReversals: number;
  /** The sum of their nets, taken off the batch's total. */
  readonly reversedAmount: Money;
  /** Net of the batch's transactions plus the fraction carried in, minus the reversed nets. */
  readonly totalAmount: Money;
  readonly payoutAmount: Money;
  /**
   * Withheld before the payout for working capital (core/working-capital), whole francs: the
   * "Withheld for working capital" line. payoutAmount + withheldAmount + carriedOut = totalAmount.
   * Absent (zero) on a batch that withheld nothing.
   */
  readonly withheldAmount?: Money;
  readonly carriedOut: Money;
  readonly currency: typeof CURRENCY;
  readonly payoutMethod: 'mobile_money';
  readonly status: PayoutStatus;
  /** Transfers tried so far; a retry after a refusal uses a new transfer reference. */
  readonly attempts: number;
  readonly createdAt: Date;
}

const BATCH_REFERENCE_PREFIX = 'STL-';

/** `STL-<YYYYMMDD of the period's Monday>-`, the part of a batch reference before the merchant's code. */
export function batchReferencePrefix(period: Period): string {
  return `${BATCH_REFERENCE_PREFIX}${formatDate(kigaliDateOf(period.start)).replaceAll('-', '')}-`;
}

export function batchReference(merchantCode: string, period: Period): string {
  return `${batchReferencePrefix(period)}${merchantCode}`;
}

/** A batch's reference, or one of its transfer attempts' (`<batch reference>-<n>`). */
export const isSettlementBatchReference = (reference: string): boolean => reference.startsWith(BATCH_REFERENCE_PREFIX);

/** Where the ranges of a merchant's batches start when no earlier batch by range exists. */
export const SETTLEMENT_ORIGIN = new Date(0);

/** What a new batch continues from: the merchant's latest batch (by period). */
export type PreviousBatch = Pick<SettlementBatch, 'settlementPeriodStart' | 'coveredUntil' | 'carriedOut'>;

/** What `covers` needs of a batch. */
export type CoveredRange = Pick<SettlementBatch, 'id' | 'merchantId' | 'coveredFrom' | 'coveredUntil'>;

/**
 * The range a merchant's next batch for `period` covers at `now`, or undefined when its latest
 * batch is for this period or a later one (nothing new: settling is idempotent and ranges never
 * overlap) or the period has not begun.
 */
export function nextCoveredRange(previous: PreviousBatch | undefined, period: Period, now: Date): { from: Date; until: Date } | undefined {
  if (previous && previous.settlementPeriodStart.getTime() >= period.start.getTime()) return undefined;
  if (period.start.getTime() > now.getTime()) return undefined;
  const from = previous?.coveredUntil ?? SETTLEMENT_ORIGIN;
  return { from, until: new Date(Math.min(period.end.getTime(), now.getTime())) };
}

/** Whether the batch covers this transaction (by its range, or by the mark of a batch made before ranges). */
export function covers(batch: CoveredRange, transaction: MerchantTransaction): boolean {
  if (batch.coveredFrom === null || batch.coveredUntil === null) return transaction.settlementBatchId === batch.id;
  if (transaction.merchantId !== batch.merchantId || transaction.status !== 'completed' || !transaction.completedAt) return false;
  if (transaction.settlementBatchId !== undefined && transaction.settlementBatchId !== batch.id) return false;
  const at = transaction.completedAt.getTime();
  return at >= batch.coveredFrom.getTime() && at < batch.coveredUntil.getTime();
}

/**
 * The completion time a payment completing at `now` takes: `now`, or the end of the merchant's
 * last closed range if the clock reads earlier (another replica's clock behind): never inside a
 * range a batch has closed.
 */
export function completionTimeAfter(now: Date, closedUntil: Date | undefined): Date {
  return closedUntil && closedUntil.getTime() > now.getTime() ? closedUntil : now;
}

/** The batch, among the merchant's, that covers the transaction; undefined while it waits for one. */
export function coveringBatch<B extends CoveredRange>(
  batches: readonly B[],
  transaction: MerchantTransaction,
): B | undefined {
  return batches.find((batch) => covers(batch, transaction));
}

/** What `buildSettlementBatches` needs of a reversal: its merchant, date and net. */
export type ReversalLine = Pick<MerchantPaymentReversal, 'id' | 'merchantId' | 'reversedAt' | 'netAmount'>;

/** Whether the range [from, until) holds the reversal's date: the batch of that range carries it as a negative line. */
export function holdsReversal(range: { from: Date; until: Date }, reversal: ReversalLine): boolean {
  const at = reversal.reversedAt.getTime();
  return at >= range.from.getTime() && at < range.until.getTime();
}

export interface BuildSettlementBatchesInput {
  readonly period: Period;
  /** Every reversal; each is a negative line of the batch whose range holds its date. */
  readonly reversals?: readonly ReversalLine[];
  /** The transactions as read: one a batch holds already carries its id (a batch made before ranges marked it, or a range covers it). */
  readonly transactions: readonly MerchantTransaction[];
  /** The merchant's latest batch, if any. */
  readonly previousBatch: (merchantId: string) => PreviousBatch | undefined;
  readonly merchantCode: (merchantId: string) => string;
  readonly now: Date;
  readonly newId: () => string;
}

/**
 * A merchant's next batch for the period: its payments and reversals in the range after its
 * latest batch; total = carried in + nets − reversed nets, whole francs paid and the rest carried.
 * A total under one franc — zero or negative included — makes no batch: the range stays open and
 * the next batch's range holds those payments and reversals (the negative is carried forward).
 */
export function buildSettlementBatches(input: BuildSettlementBatchesInput): SettlementBatch[] {
  const byMerchant = new Map<string, { range: { from: Date; until: Date }; transactions: MerchantTransaction[]; reversals: ReversalLine[] }>();
  for (const transaction of input.transactions) {
    const range = nextCoveredRange(input.previousBatch(transaction.merchantId), input.period, input.now);
    if (!range) continue;
    if (transaction.settlementBatchId !== undefined) continue; // held already (a mark, or a batch's range)
    if (!covers({ id: '', merchantId: transaction.merchantId, coveredFrom: range.from, coveredUntil: range.until }, transaction)) continue;
    const group = byMerchant.get(transaction.merchantId) ?? { range, transactions: [], reversals: [] };
    group.transactions.push(transaction);
    byMerchant.set(transaction.merchantId, group);
  }
  for (const reversal of input.reversals ?? []) {
    const range = nextCoveredRange(input.previousBatch(reversal.merchantId), input.period, input.now);
    if (!range || !holdsReversal(range, reversal)) continue;
    const group = byMerchant.get(reversal.merchantId) ?? { range, transactions: [], reversals: [] };
    group.reversals.push(reversal);
    byMerchant.set(reversal.merchantId, group);
  }
  const batches: SettlementBatch[] = [];
  for (const [merchantId, { range, transactions, reversals }] of [...byMerchant].sort(([a], [b]) => a.localeCompare(b))) {
    const reversedAmount = Money.sum(reversals.map((r) => r.netAmount));
    const totalAmount = Money.sum(transactions.map((t) => t.netAmount)).plus(input.previousBatch(merchantId)?.carriedOut ?? Money.ZERO).minus(reversedAmount);
    if (totalAmount.isNegative()) continue; // carried forward: the range stays open
    const { payable, carried } = totalAmount.splitWholeFrancs();
    if (!payable.isPositive()) continue;
    batches.push({
      id: input.newId(),
      batchReference: batchReference(input.merchantCode(merchantId), input.period),
      merchantId,
      settlementPeriodStart: input.period.start,
      settlementPeriodEnd: input.period.end,
      coveredFrom: range.from,
      coveredUntil: range.until,
      transactionIds: transactions.map((t) => t.id),
      totalTransactions: transactions.length,
      totalReversals: reversals.length,
      reversedAmount,
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
