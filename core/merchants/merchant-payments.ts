/**
 * The merchant payments screen (/merchant/payments): transactions with their statistics, and
 * settlements with what is still pending.
 *
 * Guarantees
 * - Only the owner reads them (`merchant_not_found` otherwise).
 * - statistics: totalRevenue, totalFees and netRevenue sum the COMPLETED transactions only (a
 *   pending or failed payment is no revenue); totalTransactions counts every one listed,
 *   completedTransactions the completed ones. Fee + net = revenue, to the centime.
 * - pending = completed transactions no settlement batch holds yet: their net, less the nets of
 *   the reversals no batch holds yet (it may be negative: carried to the next batch), and their count.
 * - Each batch comes with its negative lines (the reversals dated in its range), for the CSV.
 */
import type { SettlementBatch } from '../settlements/settlement-batch.ts';
import { Money } from '../money/money.ts';
import { ok, type Result } from '../shared/result.ts';
import { ownedMerchant } from './merchant-access.ts';
import type { RegisteredMerchant } from './merchant-profile.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { MerchantPaymentReversal } from './merchant-reversal.ts';
import type { MerchantPaymentReads, MerchantRegistry, MerchantReversals } from './ports.ts';

export interface TransactionStatistics {
  totalRevenue: Money;
  netRevenue: Money;
  totalFees: Money;
  totalTransactions: number;
  completedTransactions: number;
}

export function transactionStatistics(transactions: readonly MerchantTransaction[]): TransactionStatistics {
  const completed = transactions.filter((t) => t.status === 'completed');
  return {
    totalRevenue: Money.sum(completed.map((t) => t.amount)),
    netRevenue: Money.sum(completed.map((t) => t.netAmount)),
    totalFees: Money.sum(completed.map((t) => t.merchantFee)),
    totalTransactions: transactions.length,
    completedTransactions: completed.length,
  };
}

export function pendingSettlement(
  transactions: readonly MerchantTransaction[],
  awaitingReversals: readonly Pick<MerchantPaymentReversal, 'netAmount'>[] = [],
): { amount: Money; transactionCount: number } {
  const unsettled = transactions.filter((t) => t.status === 'completed' && t.settlementBatchId === undefined);
  return { amount: Money.sum(unsettled.map((t) => t.netAmount)).minus(Money.sum(awaitingReversals.map((r) => r.netAmount))), transactionCount: unsettled.length };
}

export interface SettlementReads {
  listForMerchant(merchantId: string, range: { from?: Date; to?: Date }): Promise<SettlementBatch[]>;
}

export class ListMerchantTransactions {
  constructor(private readonly deps: { registry: MerchantRegistry; payments: MerchantPaymentReads }) {}

  async execute(input: { merchantId: string; userId: string; from?: Date; to?: Date }): Promise<
    Result<{ merchant: RegisteredMerchant; transactions: MerchantTransaction[]; statistics: TransactionStatistics }, 'merchant_not_found'>
  > {
    const owned = await ownedMerchant(this.deps.registry, input);
    if (!owned.ok) return owned;
    const transactions = await this.deps.payments.listForMerchant(owned.value.id, { ...(input.from ? { from: input.from } : {}), ...(input.to ? { to: input.to } : {}) });
    return ok({ merchant: owned.value, transactions, statistics: transactionStatistics(transactions) });
  }
}

export class ListMerchantSettlements {
  constructor(private readonly deps: { registry: MerchantRegistry; payments: MerchantPaymentReads; settlements: SettlementReads; reversals: Pick<MerchantReversals, 'listInRange' | 'listAwaitingSettlement'> }) {}

  async execute(input: { merchantId: string; userId: string; from?: Date; to?: Date }): Promise<
    Result<
      { merchant: RegisteredMerchant; settlements: SettlementBatch[]; negativeLines: ReadonlyMap<string, MerchantPaymentReversal[]>; pending: { amount: Money; transactionCount: number } },
      'merchant_not_found'
    >
  > {
    const owned = await ownedMerchant(this.deps.registry, input);
    if (!owned.ok) return owned;
    const range = { ...(input.from ? { from: input.from } : {}), ...(input.to ? { to: input.to } : {}) };
    const settlements = await this.deps.settlements.listForMerchant(owned.value.id, range);
    const pending = pendingSettlement(await this.deps.payments.listForMerchant(owned.value.id, {}), await this.deps.reversals.listAwaitingSettlement(owned.value.id));
    const negativeLines = new Map<string, MerchantPaymentReversal[]>();
    for (const batch of settlements) {
      if (batch.totalReversals > 0 && batch.coveredFrom && batch.coveredUntil) negativeLines.set(batch.id, await this.deps.reversals.listInRange(batch.merchantId, batch.coveredFrom, batch.coveredUntil));
    }
    return ok({ merchant: owned.value, settlements, negativeLines, pending });
  }
}
