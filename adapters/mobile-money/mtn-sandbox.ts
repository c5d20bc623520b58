/**
 * What the MTN MoMo sandbox does with a payment, shared by the embedded SandboxMobileMoney and
 * the fake MTN server of the tests, so both behave like the provider's sandbox and like each
 * other (PROVIDERS.md §2a, "Sandbox magic numbers").
 *
 * Guarantees
 * - The outcome depends on the payer's (or payee's) number only: 46733123450 fails,
 *   46733123451 is rejected, 46733123452 times out (no callback, the status turns FAILED with
 *   EXPIRED), 46733123453 stays PENDING for the "ongoing" delay then succeeds, 46733123454 stays
 *   PENDING for ever; any other number succeeds.
 * - A callback is sent exactly when a payment reaches a final state, once, and never for the
 *   timeout number: the provider never retries it, the app must poll.
 */

export const MTN_SANDBOX_NUMBERS = {
  failed: '46733123450',
  rejected: '46733123451',
  timeout: '46733123452',
  ongoing: '46733123453',
  pending: '46733123454',
} as const;

export type MtnStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED';

/** The MTN payment resource: the body of a status GET and of a callback. */
export interface MtnResource {
  financialTransactionId?: string;
  externalId: string;
  amount: string;
  currency: string;
  payer?: { partyIdType: string; partyId: string };
  payee?: { partyIdType: string; partyId: string };
  payerMessage?: string;
  payeeNote?: string;
  status: MtnStatus;
  reason?: string;
}

export interface MtnSandboxDelays {
  /** How long an ordinary payment stays PENDING before its outcome. */
  settleMs: number;
  /** How long the "ongoing" number stays PENDING (30 s at MTN). */
  ongoingMs: number;
}

/** What happens to a payment after it was accepted; `undefined`: it stays PENDING for ever. */
export interface MtnSandboxPlan {
  afterMs: number;
  status: 'SUCCESSFUL' | 'FAILED';
  reason: string | undefined;
  sendCallback: boolean;
}

export function mtnSandboxPlan(partyId: string, delays: MtnSandboxDelays): MtnSandboxPlan | undefined {
  switch (partyId) {
    case MTN_SANDBOX_NUMBERS.failed:
      return { afterMs: delays.settleMs, status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR', sendCallback: true };
    case MTN_SANDBOX_NUMBERS.rejected:
      return { afterMs: delays.settleMs, status: 'FAILED', reason: 'APPROVAL_REJECTED', sendCallback: true };
    case MTN_SANDBOX_NUMBERS.timeout:
      return { afterMs: delays.settleMs, status: 'FAILED', reason: 'EXPIRED', sendCallback: false };
    case MTN_SANDBOX_NUMBERS.ongoing:
      return { afterMs: delays.ongoingMs, status: 'SUCCESSFUL', reason: undefined, sendCallback: true };
    case MTN_SANDBOX_NUMBERS.pending:
      return undefined;
    default:
      return { afterMs: delays.settleMs, status: 'SUCCESSFUL', reason: undefined, sendCallback: true };
  }
}
