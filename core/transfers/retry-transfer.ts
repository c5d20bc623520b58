/**
 * RetryTransfer: make the next attempt of a failed transfer whose retry time has come (the
 * `transfer-retry` job), as core/transfers/transfer.ts schedules it.
 *
 * Guarantees
 * - Once: the failed attempt is locked and its retry time cleared in the unit of work that books
 *   the next attempt (its purpose books it, with its own change), so two replicas or two runs
 *   never both retry it. The next attempt is sent after that commit.
 * - `retried` with the new attempt; `not_due` when there is nothing to retry now (not failed, not
 *   yet, retried already, or nothing owed any more); `given_up` when the next attempt cannot be
 *   made: the transfer is given up and its purpose tells who must know, in the same unit of work.
 */
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { OutgoingTransfers, TransferPolicies } from './ports.ts';
import type { SendTransfer } from './send-transfer.ts';
import { giveUp, policyOf } from './settle-transfer.ts';
import { transitionTransfer, type OutgoingTransfer } from './transfer.ts';
import { invariant } from '../shared/result.ts';

export interface RetryTransferDeps {
  transfers: OutgoingTransfers;
  policies: TransferPolicies;
  sendTransfer: Pick<SendTransfer, 'execute'>;
  uow: UnitOfWork;
  clock: Clock;
}

export interface RetryTransferInput {
  /** The failed attempt's reference. */
  reference: string;
}

export type RetryTransferOutcome = { outcome: 'retried'; attempt: OutgoingTransfer } | { outcome: 'given_up' | 'not_due' };

export class RetryTransfer {
  constructor(private readonly deps: RetryTransferDeps) {}

  /** Never refused: every answer is an outcome (see Guarantees). */
  async execute(input: RetryTransferInput): Promise<RetryTransferOutcome> {
    const { transfers, policies, uow, clock } = this.deps;
    const next = await uow.run(async (): Promise<OutgoingTransfer | 'given_up' | 'not_due'> => {
      const failed = await transfers.findByReference(input.reference);
      if (!failed || failed.status !== 'failed' || !failed.retryAt || failed.retryAt.getTime() > clock.now().getTime()) return 'not_due';
      const policy = policyOf(policies, failed);
      const booked = await policy.rebook(failed, failed.attempt + 1);
      if (booked.ok || booked.error === 'not_owed') {
        await transfers.save(superseded(failed));
        return booked.ok ? booked.value : 'not_due';
      }
      await giveUp(transfers, policy, failed);
      return 'given_up';
    });
    if (typeof next === 'string') return { outcome: next };
    await this.deps.sendTransfer.execute({ reference: next.reference });
    return { outcome: 'retried', attempt: next };
  }
}

/** A failed or given-up attempt whose transfer goes on with a next attempt (or is owed no more). */
export function superseded(attempt: OutgoingTransfer): OutgoingTransfer {
  const status = transitionTransfer(attempt.status, 'retry');
  invariant(status.ok, `transfer ${attempt.reference}: retried from ${attempt.status}`);
  return { ...attempt, status: status.value, retryAt: undefined };
}
