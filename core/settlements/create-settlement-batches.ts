/**
 * Create the settlement batches of a period (the Monday 00:30 job, or an admin for any period).
 *
 * Guarantees
 * - Defaults to the week that ended most recently; creating the same merchant and period twice
 *   creates nothing new (core/settlements/settlement-batch.ts).
 * - A period that has not begun creates nothing. A batch closes its merchant's range at the
 *   period's end, or at `now` for the week under way (what completes later falls in the next
 *   batch's range).
 * - Settling writes one row per batch and nothing per transaction: each batch records the range
 *   of completion times it covers (core/settlements/settlement-batch.ts). The repository waits for
 *   confirmations under way before it reads the totals, so a payment completed before the
 *   period's end but committed after the batches were made cannot exist
 *   (docs/decisions/0040-settlement-by-range.md).
 * - Before anything is paid, in the same unit of work, the withholding (core/working-capital)
 *   takes its share of a batch's payout and posts it; the batch then pays the rest.
 * - Set-based: the repository creates all the period's batches in a few statements, whatever the
 *   number of merchants and payments (bench/README.md); the rules are those of `buildSettlementBatches`.
 */
import type { Period } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { SettlementBatchRepository, SettlementWithholding } from './ports.ts';
import { batchReferencePrefix, type SettlementBatch } from './settlement-batch.ts';
import { lastEndedSettlementPeriod } from './settlement-period.ts';

export interface CreateSettlementBatchesDeps {
  batches: SettlementBatchRepository;
  uow: UnitOfWork;
  clock: Clock;
  /** Withheld before payout (working capital); none: nothing is withheld. */
  withholding?: SettlementWithholding;
}

export class CreateSettlementBatches {
  constructor(private readonly deps: CreateSettlementBatchesDeps) {}

  async execute(input: { period?: Period } = {}): Promise<SettlementBatch[]> {
    const { deps } = this;
    const now = deps.clock.now();
    const period = input.period ?? lastEndedSettlementPeriod(now);
    if (period.start.getTime() > now.getTime()) return [];
    return deps.uow.run(async () => {
      const batches = await deps.batches.settlePeriodInBulk({ period, referencePrefix: batchReferencePrefix(period), now });
      if (!deps.withholding || !batches.length) return batches;
      const withheld = await deps.withholding.withholdFrom(batches);
      const settled: SettlementBatch[] = [];
      for (const batch of batches) {
        const amount = withheld.get(batch.id);
        if (!amount?.isPositive()) {
          settled.push(batch);
          continue;
        }
        await deps.batches.recordWithholding(batch.id, amount);
        settled.push({ ...batch, withheldAmount: amount, payoutAmount: batch.payoutAmount.minus(amount) });
      }
      return settled;
    });
  }
}
