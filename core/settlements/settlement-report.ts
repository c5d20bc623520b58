/**
 * The settlement report of a batch (`settlements show`): what the batch covers and how it
 * reconciles with the money sent.
 *
 * Guarantees
 * - Lists every transaction the batch holds with its gross, fee and net, and their sums, and its
 *   negative lines: the reversals dated in its range (payment, −net, reason).
 * - Reconciles: net of the transactions − reversed nets + fraction carried in = the batch's total,
 *   the negative lines are those the batch recorded (count and sum); payout + withheld for
 *   working capital + fraction carried out = the total; `reconciled` is true only when both hold to the centime.
 * - Names the payout's transfer attempt (its reference, status and the provider's transaction id).
 */
import type { MerchantPaymentReversal } from '../merchants/merchant-reversal.ts';
import type { MerchantTransaction } from '../merchants/merchant-transaction.ts';
import type { MerchantReversals } from '../merchants/ports.ts';
import { Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { OutgoingTransfers } from '../transfers/ports.ts';
import { transferReference, type OutgoingTransfer } from '../transfers/transfer.ts';
import type { SettlementBatch } from './settlement-batch.ts';

export interface SettlementReport {
  batch: SettlementBatch;
  transactions: MerchantTransaction[];
  gross: Money;
  fees: Money;
  net: Money;
  /** Negative lines: the reversals the batch takes off its total. */
  reversals: MerchantPaymentReversal[];
  reversed: Money;
  carriedIn: Money;
  reconciled: boolean;
  transfer: OutgoingTransfer | undefined;
}

export interface SettlementReportDeps {
  batches: { findById(id: string): Promise<SettlementBatch | undefined>; findByReference(reference: string): Promise<SettlementBatch | undefined> };
  transactions: { listBySettlementBatch(batchId: string): Promise<MerchantTransaction[]> };
  transfers: Pick<OutgoingTransfers, 'findByReference'>;
  reversals: Pick<MerchantReversals, 'listInRange'>;
}

export class ShowSettlementReport {
  constructor(private readonly deps: SettlementReportDeps) {}

  async execute(input: { batch: string }): Promise<Result<SettlementReport, 'batch_not_found'>> {
    const batch = (await this.deps.batches.findById(input.batch)) ?? (await this.deps.batches.findByReference(input.batch));
    if (!batch) return err('batch_not_found');
    const transactions = await this.deps.transactions.listBySettlementBatch(batch.id);
    const gross = Money.sum(transactions.map((t) => t.amount));
    const fees = Money.sum(transactions.map((t) => t.merchantFee));
    const net = Money.sum(transactions.map((t) => t.netAmount));
    const reversals = batch.coveredFrom && batch.coveredUntil ? await this.deps.reversals.listInRange(batch.merchantId, batch.coveredFrom, batch.coveredUntil) : [];
    const reversed = Money.sum(reversals.map((r) => r.netAmount));
    const carriedIn = batch.totalAmount.minus(net).plus(reversed);
    const reconciled =
      gross.equals(fees.plus(net)) &&
      batch.payoutAmount.plus(batch.withheldAmount ?? Money.ZERO).plus(batch.carriedOut).equals(batch.totalAmount) &&
      !carriedIn.isNegative() &&
      transactions.length === batch.totalTransactions &&
      reversals.length === batch.totalReversals &&
      reversed.equals(batch.reversedAmount);
    const transfer = batch.attempts > 0 ? await this.deps.transfers.findByReference(transferReference(batch.batchReference, batch.attempts)) : undefined;
    return ok({ batch, transactions, gross, fees, net, reversals, reversed, carriedIn, reconciled, transfer });
  }
}
