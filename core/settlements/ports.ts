/** Ports of the settlements module. */
import type { SettlementBatch } from './settlement-batch.ts';

export interface SettlementBatchRepository {
  findById(id: string): Promise<SettlementBatch | undefined>;
  findByPeriod(periodStart: Date): Promise<SettlementBatch[]>;
  /** The merchant's most recent batch, whose carried fraction the next one includes. */
  latestFor(merchantId: string): Promise<SettlementBatch | undefined>;
  save(batch: SettlementBatch): Promise<void>;
}
