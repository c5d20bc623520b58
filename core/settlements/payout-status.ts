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
 * - processing → completed (the provider accepted the transfer) or failed. A failed payout is paid
 *   again only on an explicit retry, as a new attempt with a new transfer reference; a processing
 *   one (interrupted) pays again as the same attempt, so the provider pays once. Anything else is
 *   `payout_transition_not_allowed`; a completed payout is final.
 */
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { OutgoingTransfers, TransferPolicy } from '../transfers/ports.ts';
import type { RequestTransfer, RequestTransferInput } from '../transfers/request-transfer.ts';
import type { SendTransfer } from '../transfers/send-transfer.ts';
import type { SettleTransfer } from '../transfers/settle-transfer.ts';

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

/**
 * Which transfer attempt paying now would be: a processing payout pays (again, after an
 * interruption) as its current attempt; a failed one only on `retry`, as a new attempt.
 */
export function attemptToPay(payout: { status: PayoutStatus; attempts: number }, retry: boolean): Result<number, 'payout_transition_not_allowed'> {
  if (retry) return payout.status === 'failed' ? ok(payout.attempts + 1) : err('payout_transition_not_allowed');
  return payout.status === 'processing' ? ok(Math.max(1, payout.attempts)) : err('payout_transition_not_allowed');
}

/**
 * The transfers policy (core/transfers) of a settlement batch or a commission payout: a failed
 * transfer is booked back and left failed, paid again only when the batch or payout is retried
 * explicitly (which books the next attempt itself); nobody is told here, the admin asked for it.
 */
export const PAYOUT_TRANSFER_POLICY: TransferPolicy = {
  retriesOnSchedule: false,
  failed: async () => 'booked_back',
  rebook: async () => err('not_owed'),
  givenUp: async () => {},
};

export interface PayoutTransferDeps {
  transfers: Pick<OutgoingTransfers, 'findByReference'>;
  requestTransfer: Pick<RequestTransfer, 'execute'>;
  sendTransfer: Pick<SendTransfer, 'execute'>;
  settleTransfer: Pick<SettleTransfer, 'execute'>;
  unitOfWork: UnitOfWork;
}

/**
 * Pays one attempt of a settlement batch or commission payout through the transfers module: books
 * and stores it (its own unit of work; an attempt stored before, interrupted, is sent again as
 * itself), sends it, and answers whether the provider accepted it. One the provider did not accept
 * at once (refused or unreachable) is failed and booked back, so only an explicit retry pays again.
 * The payable never goes negative: a payout larger than what is owed is a bug and throws.
 */
export async function transferPayout(deps: PayoutTransferDeps, request: RequestTransferInput): Promise<boolean> {
  const booked = await deps.unitOfWork.run(() => deps.requestTransfer.execute(request));
  invariant(booked.ok, `payout ${request.transferReference}: the payable does not cover it`);
  const { reference } = booked.value;
  const sent = await deps.sendTransfer.execute({ reference });
  if (!sent.ok) await deps.settleTransfer.execute({ reference, status: 'failed' });
  const transfer = await deps.transfers.findByReference(reference);
  return transfer?.status === 'sent' || transfer?.status === 'completed';
}
