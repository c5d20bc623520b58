/**
 * SettleTransfer: the provider's final word on one attempt (a callback, a status poll, a refusal),
 * booked once (core/transfers/transfer.ts).
 *
 * Guarantees
 * - In one unit of work, under the attempt's lock: a success completes a requested or sent
 *   attempt and applies its purpose's consequence, when it has one (`applied`); a failure reverses its entry with the key `reversal:<reference>` (the one
 *   reversal rule), applies its purpose's consequence, and schedules the next attempt (`failed`)
 *   or gives the transfer up and tells who must know (`given_up`).
 * - A repeat answers `exists` and changes nothing; a success after a failure, or a failure its
 *   purpose cannot take, is `contradicts_books`: nothing is booked, and a failure refused that way
 *   leaves the attempt `disputed` (no longer polled; an admin looks).
 * - Another amount than the attempt's is refused (`amount_mismatch`) and books nothing; a pending
 *   report changes nothing (`pending`).
 * - The provider's transaction id and failure reason are kept with the attempt, the first told.
 */
import type { JournalWriter } from '../ledger/ports.ts';
import type { Money } from '../money/money.ts';
import type { MobileMoneyStatus, SettleOutcome } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { OutgoingTransfers, TransferPolicies, TransferPolicy } from './ports.ts';
import { isAwaitingProvider, retryAtAfterFailure, reversalKey, transitionTransfer, type OutgoingTransfer, type TransferEvent } from './transfer.ts';

export interface SettleTransferDeps {
  transfers: OutgoingTransfers;
  policies: TransferPolicies;
  journal: JournalWriter;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export interface SettleTransferInput {
  reference: string;
  status: MobileMoneyStatus;
  /** The amount the provider reports; checked against the attempt's when given. */
  amount?: Money | undefined;
  providerTransactionId?: string | undefined;
  reason?: string | undefined;
}

/**
 * applied: completed now; failed: booked back, a retry scheduled (or left to an explicit retry);
 * given_up: no more attempts; contradicts_books: see Guarantees; pending: nothing final yet.
 */
export type TransferSettlement = 'applied' | 'exists' | 'failed' | 'given_up' | 'contradicts_books' | 'pending';

/**
 * A transfer's settlement as a payment report's outcome (core/payments SettleOutcome), the one
 * mapping every report of a transfer reads: a transfer given up failed; one the provider reports
 * done after it was booked back is disputed (a person checks for a double payment).
 */
export function reportedOutcome(settled: TransferSettlement): Extract<SettleOutcome, 'applied' | 'exists' | 'pending' | 'failed' | 'disputed'> {
  switch (settled) {
    case 'applied':
    case 'exists':
    case 'pending':
    case 'failed':
      return settled;
    case 'given_up':
      return 'failed';
    case 'contradicts_books':
      return 'disputed';
  }
}
export type SettleTransferError = 'payment_not_found' | 'amount_mismatch';

export class SettleTransfer {
  constructor(private readonly deps: SettleTransferDeps) {}

  execute(input: SettleTransferInput): Promise<Result<TransferSettlement, SettleTransferError>> {
    const { transfers, uow } = this.deps;
    return uow.run(async () => {
      const transfer = await transfers.findByReference(input.reference);
      if (!transfer) return err('payment_not_found');
      if (input.status === 'pending') return ok('pending' as const);
      // The provider moved another amount than we asked it to: nothing is booked, a person looks.
      if (input.amount && !input.amount.equals(transfer.amount)) return err('amount_mismatch');
      if (transfer.status === 'disputed') return ok('contradicts_books' as const);
      if (!isAwaitingProvider(transfer.status)) {
        const failedBefore = transfer.status === 'failed' || transfer.status === 'given_up';
        return ok(failedBefore && input.status === 'successful' ? ('contradicts_books' as const) : ('exists' as const));
      }
      const told = { providerTransactionId: transfer.providerTransactionId ?? input.providerTransactionId, reason: transfer.reason ?? input.reason };
      if (input.status === 'successful') {
        const completed = await this.move(transfer, 'complete', told);
        await this.deps.policies[transfer.purpose]?.completed?.(completed);
        return ok('applied' as const);
      }
      return ok(await this.fail(transfer, told));
    });
  }

  private async fail(transfer: OutgoingTransfer, told: Partial<OutgoingTransfer>): Promise<'failed' | 'given_up' | 'contradicts_books'> {
    const { journal, clock, ids } = this.deps;
    const policy = policyOf(this.deps.policies, transfer);
    if ((await policy.failed(transfer)) === 'contradicts_books') {
      await this.move(transfer, 'dispute', told);
      return 'contradicts_books';
    }
    const now = clock.now();
    const reversed = await journal.reverse(transfer.ledgerEntryId, { id: ids.newId(), key: reversalKey(transfer.reference), occurredAt: now });
    // The attempt awaited the provider, so its entry stands unreversed: anything else is a bug.
    invariant(reversed.ok, `transfer ${transfer.reference}: reversal refused (${reversed.ok ? '' : reversed.error})`);
    const retryAt = policy.retriesOnSchedule ? retryAtAfterFailure(transfer.attempt, now) : undefined;
    const failed = await this.move(transfer, 'fail', { ...told, retryAt });
    if (retryAt || !policy.retriesOnSchedule) return 'failed';
    await giveUp(this.deps.transfers, policy, failed);
    return 'given_up';
  }

  private async move(transfer: OutgoingTransfer, event: TransferEvent, changes: Partial<OutgoingTransfer>): Promise<OutgoingTransfer> {
    const status = transitionTransfer(transfer.status, event);
    invariant(status.ok, `transfer ${transfer.reference}: ${event} from ${transfer.status}`);
    const moved: OutgoingTransfer = { ...transfer, ...changes, status: status.value, completedAt: this.deps.clock.now() };
    await this.deps.transfers.save(moved);
    return moved;
  }
}

export function policyOf(policies: TransferPolicies, transfer: OutgoingTransfer): TransferPolicy {
  const policy = policies[transfer.purpose];
  invariant(policy, `no transfer policy for ${transfer.purpose}`);
  return policy;
}

/** No more attempts: the failed attempt is given up and its purpose tells who must know, in the caller's unit of work. */
export async function giveUp(transfers: OutgoingTransfers, policy: TransferPolicy, failed: OutgoingTransfer): Promise<void> {
  const status = transitionTransfer(failed.status, 'give_up');
  invariant(status.ok, `transfer ${failed.reference}: given up from ${failed.status}`);
  await transfers.save({ ...failed, status: status.value, retryAt: undefined });
  await policy.givenUp(failed);
}
