/**
 * The settlement report of a batch (`settlements show`): what the batch covers and how it
 * reconciles with the money sent.
 *
 * Guarantees
 * - Lists every transaction the batch holds with its gross, fee and net, and their sums.
 * - Reconciles: net of the transactions + fraction carried in = the batch's total; payout +
 *   fraction carried out = the total; `reconciled` is true only when both hold to the centime.
 * - Names the payout's transfer attempt (its reference, status and the provider's transaction id).
 */
import type { MerchantTransaction } from '../merchants/merchant-transaction.ts';
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
  carriedIn: Money;
  reconciled: boolean;
  transfer: OutgoingTransfer | undefined;
}

export interface SettlementReportDeps {
  batches: { findById(id: string): Promise<SettlementBatch | undefined>; findByReference(reference: string): Promise<SettlementBatch | undefined> };
  transactions: { listBySettlementBatch(batchId: string): Promise<MerchantTransaction[]> };
  transfers: Pick<OutgoingTransfers, 'findByReference'>;
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
    const carriedIn = batch.totalAmount.minus(net);
    const reconciled =
      gross.equals(fees.plus(net)) && batch.payoutAmount.plus(batch.carriedOut).equals(batch.totalAmount) && !carriedIn.isNegative() && transactions.length === batch.totalTransactions;
    const transfer = batch.attempts > 0 ? await this.deps.transfers.findByReference(transferReference(batch.batchReference, batch.attempts)) : undefined;
    return ok({ batch, transactions, gross, fees, net, carriedIn, reconciled, transfer });
  }
}
