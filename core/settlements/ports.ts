/** Ports of the settlements module. */
import type { Period } from '../shared/calendar.ts';
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
   * (core/settlements/settlement-batch.ts): per merchant without a batch for the period, its
   * completed transactions no batch holds that completed before the period's end, plus the
   * fraction its latest batch carried; whole francs paid, the rest carried; no batch under one
   * franc. Marks the covered transactions. Returns the batches created (without their
   * transaction ids), none when the period is already settled. Set-based in the adapter
   * (docs/decisions.md: "Settlement in bulk").
   */
  settlePeriodInBulk(input: BulkSettlementInput): Promise<SettlementBatch[]>;
}
