/**
 * Create the settlement batches of a period (the Monday 00:30 job, or an admin for any period).
 *
 * Guarantees
 * - Defaults to the week that ended most recently; creating the same merchant and period twice
 *   creates nothing new (core/settlements/settlement-batch.ts).
 * - The batches and the marking of their transactions as settled commit together.
 */
import type { MerchantRepository, MerchantTransactionRepository } from '../merchants/ports.ts';
import { Money } from '../money/money.ts';
import type { Period } from '../shared/calendar.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { invariant } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { SettlementBatchRepository } from './ports.ts';
import { buildSettlementBatches, type SettlementBatch } from './settlement-batch.ts';
import { lastEndedSettlementPeriod } from './settlement-period.ts';

export interface CreateSettlementBatchesDeps {
  merchants: MerchantRepository;
  transactions: MerchantTransactionRepository;
  batches: SettlementBatchRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export async function createSettlementBatches(deps: CreateSettlementBatchesDeps, input: { period?: Period } = {}): Promise<SettlementBatch[]> {
  return deps.unitOfWork.run(async () => {
    const now = deps.clock.now();
    const period = input.period ?? lastEndedSettlementPeriod(now);
    const transactions = await deps.transactions.findUnsettled(period.end);
    const merchantIds = [...new Set(transactions.map((t) => t.merchantId))];
    const codes = new Map<string, string>();
    const carried = new Map<string, Money>();
    for (const merchantId of merchantIds) {
      const merchant = await deps.merchants.findById(merchantId);
      invariant(merchant, `transactions name an unknown merchant ${merchantId}`);
      codes.set(merchantId, merchant.merchantCode);
      carried.set(merchantId, (await deps.batches.latestFor(merchantId))?.carriedOut ?? Money.ZERO);
    }
    const existing = await deps.batches.findByPeriod(period.start);
    const batches = buildSettlementBatches({
      period,
      transactions,
      alreadySettledMerchantIds: new Set(existing.map((b) => b.merchantId)),
      merchantCode: (id) => codes.get(id)!,
      carriedIn: (id) => carried.get(id)!,
      now,
      newId: () => deps.ids.newId(),
    });
    for (const batch of batches) {
      await deps.batches.save(batch);
      await deps.transactions.markSettled(batch.id, batch.transactionIds);
    }
    return batches;
  });
}
