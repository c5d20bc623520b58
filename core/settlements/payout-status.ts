/**
 * Status of an outbound payout (a settlement batch or a commission payout), whose money moves
 * through the outgoing-transfers module (core/transfers, purpose `merchant_settlement` or
 * `agent_commission`).
 *
 * Guarantees
 * - Stored before sent: each attempt is booked (payable → provider clearing, keyed by its
 *   transfer reference) and stored before the provider is asked; a refusal, or a provider that
 *   cannot be reached, fails the attempt and books it back (a reversal, never an edit). Only a
 *   positive whole number of francs is transferred. The payable never goes negative: a payout
 *   larger than what is owed is a bug and throws.
 * - processing → completed or failed on the provider's own final word about the transfer (its
 *   callback or the polling job's status query, through core/transfers SettleTransfer, which calls
 *   PayoutTransferPolicy in its unit of work): a provider that merely accepted the transfer (202)
 *   may still fail it, so the payout stays processing until then. A failed payout is paid again
 *   only on an explicit retry, as a new attempt with a new transfer reference; a processing one
 *   (interrupted) pays again as the same attempt, so the provider pays once. Anything else is
 *   `payout_transition_not_allowed`; a completed payout is final.
 */
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { TransferPolicy } from '../transfers/ports.ts';
import { isAwaitingProvider, type OutgoingTransfer } from '../transfers/transfer.ts';
import type { RequestTransfer, RequestTransferInput } from '../transfers/request-transfer.ts';
import type { SendTransfer } from '../transfers/send-transfer.ts';

export type PayoutStatus = 'processing' | 'completed' | 'failed';
export type PayoutEvent = 'complete' | 'fail';

const TRANSITIONS: Readonly<Record<PayoutEvent, { from: PayoutStatus; to: PayoutStatus }>> = {
  complete: { from: 'processing', to: 'completed' },
  fail: { from: 'processing', to: 'failed' },
};

export function transitionPayout(status: PayoutStatus, event: PayoutEvent): Result<PayoutStatus, 'payout_transition_not_allowed'> {
  const rule = TRANSITIONS[event];
  return status === rule.from ? ok(rule.to) : err('payout_transition_not_allowed');
}

/** How many payouts are in each status (the settlement and commission jobs' reports). */
export function countByStatus(payouts: readonly { status: PayoutStatus }[]): Record<PayoutStatus, number> {
  const counts: Record<PayoutStatus, number> = { processing: 0, completed: 0, failed: 0 };
  for (const { status } of payouts) counts[status]++;
  return counts;
}

/**
 * Which transfer attempt paying now would be: a processing payout pays (again, after an
 * interruption) as its current attempt; a failed one only on `retry`, as a new attempt.
 */
export function attemptToPay(payout: { status: PayoutStatus; attempts: number }, retry: boolean): Result<number, 'payout_transition_not_allowed'> {
  if (retry) return payout.status === 'failed' ? ok(payout.attempts + 1) : err('payout_transition_not_allowed');
  return payout.status === 'processing' ? ok(Math.max(1, payout.attempts)) : err('payout_transition_not_allowed');
}

/**
 * The settlement batches or commission payouts whose transfers a PayoutTransferPolicy follows
 * (core/settlements/pay-settlement-batch.ts, core/agents/pay-commission-payout.ts).
 */
export interface PayoutsPaidByTransfer {
  /**
   * Moves the payout this transfer attempt pays (its subject) processing → completed or failed,
   * with whatever goes with it, in the caller's unit of work; false, changing nothing, when the
   * payout is not processing on this very attempt.
   */
  settle(transfer: OutgoingTransfer, event: PayoutEvent): Promise<boolean>;
}

/** Whether the payout is processing on this transfer attempt (the one its last payment booked). */
export function isPaidBy(payout: { status: PayoutStatus; attempts: number }, transfer: OutgoingTransfer): boolean {
  const current = attemptToPay(payout, false);
  return current.ok && current.value === transfer.attempt;
}

/**
 * The transfers policy (core/transfers) of settlement batches or commission payouts: the payout
 * completes when its transfer does, and fails when its transfer fails (booked back by the
 * transfers module), to be paid again only when it is retried explicitly (which books the next
 * attempt itself); nobody is told here, the admin asked for it. A failure of a transfer whose
 * payout is not processing on it (completed before this rule, by an acceptance alone) contradicts
 * the books: the attempt is disputed and an admin looks.
 */
export class PayoutTransferPolicy implements TransferPolicy {
  readonly retriesOnSchedule = false;

  constructor(private readonly payouts: PayoutsPaidByTransfer) {}

  async failed(transfer: OutgoingTransfer): Promise<'booked_back' | 'contradicts_books'> {
    return (await this.payouts.settle(transfer, 'fail')) ? 'booked_back' : 'contradicts_books';
  }

  async completed(transfer: OutgoingTransfer): Promise<void> {
    // The money moved whatever the payout says: one already completed stays as it is.
    await this.payouts.settle(transfer, 'complete');
  }

  async rebook(): Promise<Result<OutgoingTransfer, 'not_owed'>> {
    return err('not_owed');
  }

  async givenUp(): Promise<void> {}
}

export interface PayoutTransferDeps {
  requestTransfer: Pick<RequestTransfer, 'execute'>;
  sendTransfer: Pick<SendTransfer, 'execute'>;
  uow: UnitOfWork;
}

/** A settlement batch or commission payout as its repository keeps it. */
interface StoredPayout {
  id: string;
  status: PayoutStatus;
  attempts: number;
}

/**
 * Pays `attempt` (attemptToPay) of a settlement batch or commission payout through the transfers
 * module and answers the payout as it stands afterwards. The attempt is booked and stored together
 * with the payout, processing on it, in one unit of work — an attempt stored before, interrupted,
 * is sent again as itself, and one already settled leaves the payout as its settlement made it —
 * then sent. One the provider refused is failed and booked back, so only an explicit retry pays
 * again; one sent while the provider could not be reached stays processing until the polling job
 * has the provider's word. Whether the payout completed or failed is the policy's to record
 * (PayoutTransferPolicy), on the provider's final word, which may have come already (the sandbox
 * settles at once): hence the payout is read again. The payable never goes negative: a payout
 * larger than what is owed is a bug and throws.
 */
export async function payPayoutAttempt<P extends StoredPayout>(
  deps: PayoutTransferDeps,
  payouts: { findById(id: string): Promise<P | undefined>; save(payout: P): Promise<void> },
  payout: P,
  attempt: number,
  transfer: Omit<RequestTransferInput, 'subjectId' | 'attempt'>,
): Promise<P> {
  const booked = await deps.uow.run(async () => {
    const requested = await deps.requestTransfer.execute({ ...transfer, subjectId: payout.id, attempt });
    if (requested.ok && isAwaitingProvider(requested.value.status)) await payouts.save({ ...payout, status: 'processing', attempts: attempt });
    return requested;
  });
  invariant(booked.ok, `payout ${transfer.transferReference}: the payable does not cover it`);
  const { reference } = booked.value;
  // A refusal is the provider's word: SendTransfer settles it as a failure (booked back, the
  // payout failed). An unreachable provider is no word at all: the attempt stays awaiting the
  // provider, and the polling job asks about it and sends it again under the same reference, so a
  // provider that did receive it pays once.
  await deps.sendTransfer.execute({ reference });
  const paid = await payouts.findById(payout.id);
  invariant(paid, `payout ${payout.id} vanished while paid`);
  return paid;
}
