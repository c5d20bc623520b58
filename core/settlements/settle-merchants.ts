/**
 * Settling merchants (the Monday 00:30 job, `settlements create --from --to`, `settlements retry`).
 * Agents' commissions are paid the same way by PayCommissions (core/agents/pay-commissions.ts).
 *
 * Guarantees
 * - Batches are created for each settlement period of the range (core/settlements/
 *   create-settlement-batches.ts: one per merchant and period, so running again creates nothing)
 *   and each new batch is paid at once through the transfers module
 *   (core/settlements/pay-settlement-batch.ts): `processing` until the provider's final word on its
 *   transfer, then `completed` or `failed` (a report lists each batch as it stands after sending).
 * - A batch left `processing` by an interruption is paid again under its same reference, so the
 *   provider pays once; a `failed` one only on an explicit retry, as a new attempt.
 * - One batch's failure does not stop the others; `onProgress` is told after each batch.
 * - A period that has not begun is not settled and is reported in `notBegun`.
 */
import type { Period } from '../shared/calendar.ts';
import type { Result } from '../shared/result.ts';
import { CreateSettlementBatches, type CreateSettlementBatchesDeps } from './create-settlement-batches.ts';
import { PaySettlementBatch, type PaySettlementBatchDeps } from './pay-settlement-batch.ts';
import type { SettlementBatch } from './settlement-batch.ts';
import { lastEndedSettlementPeriod } from './settlement-period.ts';

export interface SettleMerchantsDeps extends CreateSettlementBatchesDeps, PaySettlementBatchDeps {}

export interface SettleReport {
  created: SettlementBatch[];
  paid: SettlementBatch[];
  /** Periods of the request that have not begun: nothing is settled for them (create-settlement-batches.ts). */
  notBegun: Period[];
}

export class SettleMerchants {
  private readonly create: CreateSettlementBatches;
  private readonly pay: PaySettlementBatch;

  constructor(private readonly deps: SettleMerchantsDeps) {
    this.create = new CreateSettlementBatches(deps);
    this.pay = new PaySettlementBatch(deps);
  }

  /** Creates and pays the batches of these periods (the week that ended last by default). */
  async execute(input: { periods?: readonly Period[]; onCreated?: (count: number) => void; onProgress?: (done: number, batch: SettlementBatch) => void } = {}): Promise<SettleReport> {
    const now = this.deps.clock.now();
    const periods = input.periods ?? [lastEndedSettlementPeriod(now)];
    const notBegun = periods.filter((period) => period.start.getTime() > now.getTime());
    const created: SettlementBatch[] = [];
    for (const period of periods) created.push(...(await this.create.execute({ period })));
    input.onCreated?.(created.length);
    const paid: SettlementBatch[] = [];
    for (const batch of created) {
      const result = await this.pay.execute({ batchId: batch.id });
      paid.push(result.ok ? result.value : batch);
      input.onProgress?.(paid.length, paid.at(-1)!);
    }
    return { created, paid, notBegun };
  }

  retry(input: { batchId: string }): Promise<Result<SettlementBatch, 'batch_not_found' | 'payout_transition_not_allowed'>> {
    return this.pay.execute({ batchId: input.batchId, retry: true });
  }

  /** Pays a batch an interruption left `processing`, under its same reference. */
  resume(input: { batchId: string }): Promise<Result<SettlementBatch, 'batch_not_found' | 'payout_transition_not_allowed'>> {
    return this.pay.execute({ batchId: input.batchId });
  }
}
