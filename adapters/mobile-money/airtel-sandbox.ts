/**
 * What the Airtel Money side of the sandbox does with a payment, shared by the embedded
 * SandboxMobileMoney (when it plays Airtel) and the fake Airtel server of the tests, so both
 * behave alike (PROVIDERS.md §2b).
 *
 * Airtel documents no sandbox test numbers, so the sandbox's own rule for Rwandan numbers is
 * used (apps/payments/sandbox-test-numbers.ts): the last three digits of the number decide.
 *
 * Guarantees
 * - 450 fails (TF, not enough funds), 451 is declined by the payer (TF), 452 expires (TE, no
 *   callback: the app must ask), 453 stays in progress (TIP) for the "ongoing" delay then
 *   succeeds, 454 stays in progress for ever; any other number succeeds (TS) after `settleMs`.
 * - A callback is sent exactly when a payment reaches a final state, once, never for an expiry.
 */

/** Airtel's transaction statuses (enquiry `data.transaction.status`, callback `status_code`). */
export type AirtelStatus = 'TS' | 'TF' | 'TA' | 'TIP' | 'TE';

export const AIRTEL_SANDBOX_SUFFIXES = { failed: '450', rejected: '451', expired: '452', ongoing: '453', pending: '454' } as const;

export interface AirtelSandboxDelays {
  settleMs: number;
  ongoingMs: number;
}

/** What happens to a payment after it was accepted; `undefined`: it stays in progress for ever. */
export interface AirtelSandboxPlan {
  afterMs: number;
  status: 'TS' | 'TF' | 'TE';
  message: string;
  sendCallback: boolean;
}

/** `msisdn`: the number as Airtel is given it (national, without the country code) or E.164. */
export function airtelSandboxPlan(msisdn: string, delays: AirtelSandboxDelays): AirtelSandboxPlan | undefined {
  switch (msisdn.slice(-3)) {
    case AIRTEL_SANDBOX_SUFFIXES.failed:
      return { afterMs: delays.settleMs, status: 'TF', message: 'Insufficient funds', sendCallback: true };
    case AIRTEL_SANDBOX_SUFFIXES.rejected:
      return { afterMs: delays.settleMs, status: 'TF', message: 'Transaction declined by the subscriber', sendCallback: true };
    case AIRTEL_SANDBOX_SUFFIXES.expired:
      return { afterMs: delays.settleMs, status: 'TE', message: 'Transaction expired', sendCallback: false };
    case AIRTEL_SANDBOX_SUFFIXES.ongoing:
      return { afterMs: delays.ongoingMs, status: 'TS', message: 'Transaction Successful', sendCallback: true };
    case AIRTEL_SANDBOX_SUFFIXES.pending:
      return undefined;
    default:
      return { afterMs: delays.settleMs, status: 'TS', message: 'Transaction Successful', sendCallback: true };
  }
}
