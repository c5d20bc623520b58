/**
 * An admin pays a failed settlement batch again, as its next attempt (`settlements retry`).
 *
 * Guarantees
 * - The payment is SettleMerchants' `retry` (core/settlements/pay-settlement-batch.ts): failed →
 *   processing under a new transfer reference; a batch that is not failed is refused.
 * - A retry that was made is recorded as `settlement_retried` by the admin (`admin:<name>`), with
 *   the batch's status and attempt after the sending; a refused one records nothing.
 */
import type { AuditActor, AuditTrail } from '../audit/ports.ts';
import type { Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { SettleMerchants } from './settle-merchants.ts';
import type { SettlementBatch } from './settlement-batch.ts';

export interface RetrySettlementBatchDeps {
  settleMerchants: Pick<SettleMerchants, 'retry'>;
  audit: AuditTrail;
  uow: UnitOfWork;
}

export class RetrySettlementBatch {
  constructor(private readonly deps: RetrySettlementBatchDeps) {}

  async execute(input: { batchId: string; actor: AuditActor }): Promise<Result<SettlementBatch, 'batch_not_found' | 'payout_transition_not_allowed'>> {
    const retried = await this.deps.settleMerchants.retry({ batchId: input.batchId });
    if (retried.ok) {
      const details = { status: retried.value.status, attempt: retried.value.attempts };
      await this.deps.uow.run(() => this.deps.audit.record({ action: 'settlement_retried', actor: input.actor, subject: `settlement:${input.batchId}`, details }));
    }
    return retried;
  }
}
