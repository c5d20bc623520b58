/**
 * RetryGivenUpTransfer: an admin sends a given-up (or failed) transfer again now
 * (`npm run admin -- transfers retry <id>`).
 *
 * Guarantees
 * - Only the transfer's latest attempt, failed or given up, is retried (`transfer_not_retryable`
 *   otherwise: it is under way, paid, disputed, or a later attempt exists); its purpose books the
 *   next attempt with its own change, exactly as a scheduled retry would, under
 *   `<transferReference>-<n + 1>`, and the provider is asked after that committed.
 * - `nothing_owed` when the purpose owes nothing any more (a loan disbursed meanwhile);
 *   `transfer_cannot_be_paid` when it cannot be paid now (no wallet, not enough in the pool):
 *   nothing changes then.
 * - The retry and its audit entry (`transfer_retried`, by the admin who asked) commit together.
 */
import type { AuditActor, AuditTrail } from '../audit/ports.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { OutgoingTransfers, TransferPolicies } from './ports.ts';
import { superseded } from './retry-transfer.ts';
import type { SendTransfer } from './send-transfer.ts';
import { policyOf } from './settle-transfer.ts';
import type { OutgoingTransfer } from './transfer.ts';

export interface RetryGivenUpTransferDeps {
  transfers: OutgoingTransfers;
  policies: TransferPolicies;
  sendTransfer: Pick<SendTransfer, 'execute'>;
  audit: AuditTrail;
  uow: UnitOfWork;
}

export interface RetryGivenUpTransferInput {
  /** The id of the attempt to retry (as `transfers list` shows it). */
  transferId: string;
  /** Who asked (`admin:<name>`). */
  retriedBy: AuditActor;
}

export type RetryGivenUpTransferError = 'transfer_not_found' | 'transfer_not_retryable' | 'nothing_owed' | 'transfer_cannot_be_paid';

export class RetryGivenUpTransfer {
  constructor(private readonly deps: RetryGivenUpTransferDeps) {}

  async execute(input: RetryGivenUpTransferInput): Promise<Result<OutgoingTransfer, RetryGivenUpTransferError>> {
    const { transfers, policies, audit, uow, sendTransfer } = this.deps;
    const booked = await uow.run(async (): Promise<Result<OutgoingTransfer, RetryGivenUpTransferError>> => {
      const found = await transfers.findById(input.transferId);
      if (!found) return err('transfer_not_found');
      const attempt = await transfers.findByReference(found.reference);
      invariant(attempt, `transfer ${found.reference} vanished`);
      if (attempt.status !== 'failed' && attempt.status !== 'given_up') return err('transfer_not_retryable');
      if ((await transfers.latestAttempt(attempt.transferReference))?.attempt !== attempt.attempt) return err('transfer_not_retryable');
      const next = await policyOf(policies, attempt).rebook(attempt, attempt.attempt + 1);
      if (!next.ok) return err(next.error === 'not_owed' ? 'nothing_owed' : 'transfer_cannot_be_paid');
      await transfers.save(superseded(attempt));
      await audit.record({
        action: 'transfer_retried',
        actor: input.retriedBy,
        subject: `transfer:${attempt.id}`,
        details: { purpose: attempt.purpose, reference: next.value.reference, attempt: next.value.attempt, previousStatus: attempt.status, amount: attempt.amount.toDecimal() },
      });
      return next;
    });
    if (!booked.ok) return booked;
    await sendTransfer.execute({ reference: booked.value.reference });
    return ok((await transfers.findById(booked.value.id)) ?? booked.value);
  }
}
