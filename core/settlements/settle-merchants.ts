/**
 * Settling merchants (the Monday 00:30 job, `settlements create --from --to`, `settlements retry`)
 * and paying agents' commissions (the job on the 1st, `commissions payout --month`).
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
 * - Commission payouts are the same, per agent and Kigali month (core/agents/commission.ts).
 */
import { createCommissionPayouts, type CreateCommissionPayoutsDeps } from '../agents/create-commission-payouts.ts';
import type { CommissionPayout } from '../agents/commission.ts';
import { payCommissionPayout, type PayCommissionPayoutDeps } from '../agents/pay-commission-payout.ts';
import type { Period } from '../shared/calendar.ts';
import type { Result } from '../shared/result.ts';
import { createSettlementBatches, type CreateSettlementBatchesDeps } from './create-settlement-batches.ts';
import { paySettlementBatch, type PaySettlementBatchDeps } from './pay-settlement-batch.ts';
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
  constructor(private readonly deps: SettleMerchantsDeps) {}

  /** Creates and pays the batches of these periods (the week that ended last by default). */
  async execute(input: { periods?: readonly Period[]; onCreated?: (count: number) => void; onProgress?: (done: number, batch: SettlementBatch) => void } = {}): Promise<SettleReport> {
    const now = this.deps.clock.now();
    const periods = input.periods ?? [lastEndedSettlementPeriod(now)];
    const notBegun = periods.filter((period) => period.start.getTime() > now.getTime());
    const created: SettlementBatch[] = [];
    for (const period of periods) created.push(...(await createSettlementBatches(this.deps, { period })));
    input.onCreated?.(created.length);
    const paid: SettlementBatch[] = [];
    for (const batch of created) {
      const result = await paySettlementBatch(this.deps, { batchId: batch.id });
      paid.push(result.ok ? result.value : batch);
      input.onProgress?.(paid.length, paid.at(-1)!);
    }
    return { created, paid, notBegun };
  }

  retry(input: { batchId: string }): Promise<Result<SettlementBatch, 'batch_not_found' | 'payout_transition_not_allowed'>> {
    return paySettlementBatch(this.deps, { batchId: input.batchId, retry: true });
  }

  /** Pays a batch an interruption left `processing`, under its same reference. */
  resume(input: { batchId: string }): Promise<Result<SettlementBatch, 'batch_not_found' | 'payout_transition_not_allowed'>> {
    return paySettlementBatch(this.deps, { batchId: input.batchId });
  }
}

export interface PayCommissionsDeps extends CreateCommissionPayoutsDeps, PayCommissionPayoutDeps {}

export class PayCommissions {
  constructor(private readonly deps: PayCommissionsDeps) {}

  /** Pays the month `period` (the month that ended by default), every agent's or `agentId`'s alone. */
  async execute(input: { period?: Period; agentId?: string } = {}): Promise<{ created: CommissionPayout[]; paid: CommissionPayout[] }> {
    const created = await createCommissionPayouts(this.deps, { ...(input.period ? { period: input.period } : {}), ...(input.agentId !== undefined ? { agentId: input.agentId } : {}) });
    const paid: CommissionPayout[] = [];
    for (const payout of created) {
      const result = await payCommissionPayout(this.deps, { payoutId: payout.id });
      paid.push(result.ok ? result.value : payout);
    }
    return { created, paid };
  }

  retry(input: { payoutId: string }) {
    return payCommissionPayout(this.deps, { payoutId: input.payoutId, retry: true });
  }
}
