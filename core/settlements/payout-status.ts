/**
 * Status of an outbound payout (a settlement batch or a commission payout).
 *
 * Guarantees
 * - processing → completed (the provider accepted the transfer) or failed. A failed payout is paid
 *   again only on an explicit retry, as a new attempt with a new transfer reference; a processing
 *   one (interrupted) pays again as the same attempt, so the provider pays once. Anything else is
 *   `payout_transition_not_allowed`; a completed payout is final.
 */
import { err, ok, type Result } from '../shared/result.ts';

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
