/**
 * The settlement batches, newest period first, optionally of one status: the admin's
 * `settlements list` (cli/business-command.ts).
 *
 * Guarantees
 * - Reads only; at most `limit` batches.
 */
import type { PayoutStatus } from './payout-status.ts';
import type { SettlementBatchListing } from './ports.ts';
import type { SettlementBatch } from './settlement-batch.ts';

export class ListSettlementBatches {
  constructor(private readonly deps: { batches: SettlementBatchListing }) {}

  execute(input: { status?: PayoutStatus; limit: number }): Promise<SettlementBatch[]> {
    return this.deps.batches.list(input);
  }
}
