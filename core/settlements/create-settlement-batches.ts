/**
 * Create the settlement batches of a period (the Monday 00:30 job, or an admin for any period).
 *
 * Guarantees
 * - Defaults to the week that ended most recently; creating the same merchant and period twice
 *   creates nothing new (core/settlements/settlement-batch.ts).
 * - The batches and the marking of their transactions as settled commit together.
 * - Set-based: the repository creates all the period's batches and marks their transactions in
 *   a few statements, whatever the number of merchants and payments (bench/README.md,
 *   docs/decisions.md "Settlement in bulk"); the rules are those of `buildSettlementBatches`.
 */
import type { Period } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { SettlementBatchRepository } from './ports.ts';
import { batchReferencePrefix, type SettlementBatch } from './settlement-batch.ts';
import { lastEndedSettlementPeriod } from './settlement-period.ts';

export interface CreateSettlementBatchesDeps {
  batches: SettlementBatchRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
}

export async function createSettlementBatches(deps: CreateSettlementBatchesDeps, input: { period?: Period } = {}): Promise<SettlementBatch[]> {
  const now = deps.clock.now();
  const period = input.period ?? lastEndedSettlementPeriod(now);
  return deps.unitOfWork.run(() => deps.batches.settlePeriodInBulk({ period, referencePrefix: batchReferencePrefix(period), now }));
}
