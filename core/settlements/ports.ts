/** Ports of the settlements module. */
import type { Money } from '../money/money.ts';
import type { Period } from '../shared/calendar.ts';
import type { PayoutStatus } from './payout-status.ts';
import type { SettlementBatch } from './settlement-batch.ts';

export interface BulkSettlementInput {
  readonly period: Period;
  /** `STL-<YYYYMMDD>-`: each batch's reference is this followed by its merchant's code. */
  readonly referencePrefix: string;
  readonly now: Date;
}

export interface SettlementBatchRepository {
  findById(id: string): Promise<SettlementBatch | undefined>;
  findByPeriod(periodStart: Date): Promise<SettlementBatch[]>;
  /** The merchant's most recent batch, whose carried fraction the next one includes. */
  latestFor(merchantId: string): Promise<SettlementBatch | undefined>;
  save(batch: SettlementBatch): Promise<void>;
  /**
   * Creates every batch of the period at once, with the rules of `buildSettlementBatches`
   * (core/settlements/settlement-batch.ts): per merchant whose latest batch is for an earlier
   * period (or that has none), its completed transactions in the range after that batch up to the
   * period's end, plus the fraction that batch carried; whole francs paid, the rest carried; no
   * batch under one franc. Writes nothing per transaction. First waits for every merchant
   * payment confirmation under way (`MerchantTransactionRepository.holdSettlementOf`) and holds them off
   * until the batches commit, so no payment completes inside a range being closed. Returns the
   * batches created (without their transaction ids), none when the period is already settled.
   * Set-based in the adapter (docs/decisions/0040-settlement-by-range.md).
   */
  settlePeriodInBulk(input: BulkSettlementInput): Promise<SettlementBatch[]>;
  /** Records what was withheld from a new batch (before it is paid): its payout is reduced by as much. */
  recordWithholding(batchId: string, withheld: Money): Promise<void>;
}

/**
 * What is withheld from new batches before their payout (core/working-capital: a share of the
 * week's net for a merchant repaying working capital). Runs in the settlement's unit of work and
 * posts its own entries; answers the whole francs withheld per batch id (none: nothing withheld).
 */
export interface SettlementWithholding {
  withholdFrom(batches: readonly SettlementBatch[]): Promise<ReadonlyMap<string, Money>>;
}

/** The batches, newest period first, for the admin (`settlements list`). */
export interface SettlementBatchListing {
  list(filter: { status?: PayoutStatus; limit: number }): Promise<SettlementBatch[]>;
}
