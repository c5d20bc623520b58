/**
 * The rules of the merchant payments screen (/merchant/payments): transactions with their
 * statistics (ListMerchantTransactions, core/merchants/list-merchant-transactions.ts), and
 * settlements with what is still pending (ListMerchantSettlements, list-merchant-settlements.ts).
 *
 * Guarantees
 * - Each transaction comes with its reversal when an admin reversed it (core/merchants/
 *   reverse-merchant-payment.ts): the row keeps `completed` (its history reads forward), the
 *   owner's screens show it `reversed`, with the date and the reason.
 * - Each card payment comes with its refund as the owner sees it (core/merchants/
 *   merchant-card-refund.ts `refundAsOwnerSees`): under way, the payment still reads `completed`
 *   and counts as a sale (nothing is booked yet), its refund `pending`; all refunds in one read.
 * - statistics: totalRevenue, totalFees and netRevenue sum the STANDING sales only, completed and
 *   not reversed (a pending or failed payment is no revenue, and a reversal refunded the payer and
 *   took the fee and net back in the ledger); totalTransactions counts every one listed,
 *   completedTransactions the standing ones, reversedTransactions the reversed ones. Fee + net =
 *   revenue, to the centime.
 * - pending = completed transactions no settlement batch holds yet: their net, less the nets of
 *   the reversals no batch holds yet (it may be negative: carried to the next batch), and their count.
 * - Each batch comes with its negative lines (the reversals dated in its range): the screen's
 *   settlements table and the CSV show them.
 */
import { Money } from '../money/money.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { MerchantPaymentReversal } from './merchant-reversal.ts';
import { refundAsOwnerSees, type OwnerRefundView } from './merchant-card-refund.ts';

export interface TransactionStatistics {
  totalRevenue: Money;
  netRevenue: Money;
  totalFees: Money;
  totalTransactions: number;
  completedTransactions: number;
  reversedTransactions: number;
}

/** The card refunds the owner sees (under way or completed), by transaction id. */
export type RefundsByTransaction = ReadonlyMap<string, OwnerRefundView>;

/** The payments reversed, by transaction id. */
export type ReversalsByTransaction = ReadonlyMap<string, MerchantPaymentReversal>;

/** A transaction as its owner sees it: its own status, or `reversed` once an admin reversed it. */
export type ListedTransactionStatus = MerchantTransaction['status'] | 'reversed';

export function listedStatus(transaction: MerchantTransaction, reversals: ReversalsByTransaction): ListedTransactionStatus {
  return reversals.has(transaction.id) ? 'reversed' : transaction.status;
}

/**
 * A transaction's status in the owner's CSV export: as listed, except a completed card payment
 * whose refund is under way, `refund_pending`, as the owner's screen says "Refund pending" (the
 * payment still reads `completed` in the list's JSON, with its `refund`).
 */
export function exportedStatus(transaction: MerchantTransaction, reversals: ReversalsByTransaction, refunds: RefundsByTransaction): ListedTransactionStatus | 'refund_pending' {
  const listed = listedStatus(transaction, reversals);
  return listed === 'completed' && refunds.get(transaction.id)?.status === 'pending' ? 'refund_pending' : listed;
}

/** The sales that stand: completed and not reversed (what revenue and the analytics rest on). */
export function standingSales(transactions: readonly MerchantTransaction[], reversals: ReversalsByTransaction): MerchantTransaction[] {
  return transactions.filter((t) => listedStatus(t, reversals) === 'completed');
}

export function transactionStatistics(transactions: readonly MerchantTransaction[], reversals: ReversalsByTransaction = new Map()): TransactionStatistics {
  const standing = standingSales(transactions, reversals);
  return {
    totalRevenue: Money.sum(standing.map((t) => t.amount)),
    netRevenue: Money.sum(standing.map((t) => t.netAmount)),
    totalFees: Money.sum(standing.map((t) => t.merchantFee)),
    totalTransactions: transactions.length,
    completedTransactions: standing.length,
    reversedTransactions: transactions.filter((t) => reversals.has(t.id)).length,
  };
}

export function pendingSettlement(
  transactions: readonly MerchantTransaction[],
  awaitingReversals: readonly Pick<MerchantPaymentReversal, 'netAmount'>[] = [],
): { amount: Money; transactionCount: number } {
  const unsettled = transactions.filter((t) => t.status === 'completed' && t.settlementBatchId === undefined);
  return { amount: Money.sum(unsettled.map((t) => t.netAmount)).minus(Money.sum(awaitingReversals.map((r) => r.netAmount))), transactionCount: unsettled.length };
}

/** What a settlement batch withheld for working capital before its payout (core/working-capital). */
export interface WorkingCapitalWithholding {
  readonly batchReference: string;
  readonly amount: Money;
  readonly at: Date;
}

