/**
 * Outgoing transfers: every sum of money the platform sends to a mobile-money wallet — a tontine
 * payout, a savings withdrawal, a loan disbursement, a merchant's settlement, an agent's
 * commissions, the refund of a reversed merchant payment — goes through this one module, from the booking to the provider's last word.
 * This file holds its pure rules: the life of one attempt (a state machine), the retry schedule,
 * the attempt references and the ledger entry kinds. The use cases beside it do the I/O.
 *
 * Life of a transfer (one row per attempt, `reference` = the provider's idempotency reference):
 *
 *   requested ──accept──▶ sent ──complete──▶ completed
 *       │  └────complete──────────┘  │
 *       ├──fail──▶ failed ◀──fail────┘        failed ──retry──▶ failed (superseded by attempt n + 1)
 *       └─dispute─▶ disputed ◀─dispute─ sent  failed ──give_up──▶ given_up ──retry (admin)──▶ failed
 *
 * Guarantees (the contract of the whole module; the use cases keep them)
 * - Stored before sent (PROVIDERS.md §2a): the caller's booking (the purpose's own change, the
 *   entry debiting the account the money leaves and crediting the provider's clearing account,
 *   and the attempt, `requested`) commits in one unit of work (RequestTransfer); the provider is
 *   asked (SendTransfer) only after it committed, so a callback, however fast, finds the attempt.
 *   A crash or an unreachable provider leaves a `requested` attempt that is asked again under the
 *   SAME reference (the provider creates nothing new for it). `sent` once the provider accepted it.
 * - References: attempt 1 is sent under the transfer's own reference, attempt n ≥ 2 under
 *   `<transferReference>-<n>` (`transferReference`), since the provider answers a reused
 *   reference with its first answer. Each attempt moves exactly its amount, a positive whole
 *   number of francs. At most one attempt of a transfer is booked and not reversed at any time,
 *   so the money is paid once.
 * - Settled once (SettleTransfer): a requested or sent attempt moves to completed | failed once,
 *   on the provider's own word (an acceptance is not one), with its purpose's consequence in the
 *   same unit of work (a settlement batch or commission payout completes or fails with it); a
 *   repeated or late report answers `exists` and changes nothing; a success for an attempt already
 *   failed (and reversed) is `contradicts_books` and changes nothing: a person must look (the
 *   member may have been paid twice).
 * - A failed attempt moved no money: in one unit of work its entry is reversed (a reversal entry
 *   keyed `reversal:<reference>`, never an edit) and its purpose's consequence applies (a loan goes
 *   back to `approved` without schedule). When the purpose refuses the failure because it
 *   contradicts the books (a loan that already took a repayment), nothing is reversed and the
 *   attempt becomes `disputed`: it is no longer polled, an admin looks.
 * - Retried on a schedule (payouts, withdrawals, loan disbursements, merchant refunds): attempt n + 1 is made after
 *   RETRY_BACKOFF_MINUTES[n − 1], once (the failed attempt is locked and its retry time cleared in
 *   the transaction that books the next), to the member's wallet as it is then, booked anew by its
 *   purpose. Merchant settlements and agent commissions are paid again only on an explicit retry.
 * - Bounded: after MAX_TRANSFER_ATTEMPTS failed attempts, or when the next attempt cannot be made
 *   (no wallet, a pool that no longer holds the amount), the transfer is `given_up`: the money
 *   stays where it was, and its purpose tells who must know (the member; for a group payout the
 *   group's admin too), in the same unit of work. An admin may retry a given-up or failed transfer
 *   at once (`transfers retry <id>`), recorded in the audit log with who asked.
 * - Nothing is owed any more (a loan disbursed meanwhile by an admin): the retry books nothing.
 */
import type { AccountId } from '../ledger/accounts.ts';
import type { Money } from '../money/money.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';

export const TRANSFER_PURPOSES = ['payout', 'withdrawal', 'loan_disbursement', 'merchant_settlement', 'agent_commission', 'merchant_refund', 'working_capital_disbursement'] as const;
export type TransferPurpose = (typeof TRANSFER_PURPOSES)[number];

export const TRANSFER_STATUSES = ['requested', 'sent', 'completed', 'failed', 'given_up', 'disputed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export type TransferEvent = 'accept' | 'complete' | 'fail' | 'dispute' | 'give_up' | 'retry';

/** One attempt to send money to a wallet. */
export interface OutgoingTransfer {
  readonly id: string;
  readonly purpose: TransferPurpose;
  /** What is paid: the tontine (payout, withdrawal), the loan, the settlement batch, the commission payout. */
  readonly subjectId: string;
  /** The ledger account the money leaves (a pool, a loan receivable, a payable). */
  readonly debitedAccount: AccountId;
  /** The transfer's own reference (`payout:<tontineId>:<cycle>`, `loan-disbursement:<loanId>` …), shared by its attempts. */
  readonly transferReference: string;
  /** 1, 2, …: see `transferReference()`. */
  readonly attempt: number;
  /** The provider's idempotency reference of this attempt. */
  readonly reference: string;
  /** Who receives it (the member, the merchant's owner, the agent). */
  readonly memberId: string;
  readonly provider: MobileMoneyProvider;
  readonly msisdn: string;
  readonly amount: Money;
  /** Shown to the receiver on their phone. */
  readonly description: string;
  /** The entry that booked it; reversed if the attempt fails. */
  readonly ledgerEntryId: string;
  readonly status: TransferStatus;
  readonly createdAt: Date;
  /** When the provider's final word was recorded. */
  readonly completedAt?: Date | undefined;
  /** A failed attempt's next one is due then; undefined once it was made, given up or not scheduled. */
  readonly retryAt?: Date | undefined;
  readonly providerTransactionId?: string | undefined;
  /** Why it failed, in the provider's words. */
  readonly reason?: string | undefined;
}

export const MAX_TRANSFER_ATTEMPTS = 4;
/** Wait after failed attempt 1, 2, 3 before the next one. */
export const RETRY_BACKOFF_MINUTES = [5, 30, 120] as const;

/** The kind of the entry that books each purpose's attempt. */
export const ENTRY_KINDS: Readonly<Record<TransferPurpose, string>> = {
  payout: 'tontine_payout',
  withdrawal: 'savings_withdrawal',
  loan_disbursement: 'loan_disbursed',
  merchant_settlement: 'merchant_settlement_paid',
  agent_commission: 'agent_commission_paid',
  merchant_refund: 'merchant_refund_paid',
  working_capital_disbursement: 'working_capital_disbursed',
};

const TRANSITIONS: Readonly<Record<TransferEvent, { from: readonly TransferStatus[]; to: TransferStatus }>> = {
  accept: { from: ['requested'], to: 'sent' },
  complete: { from: ['requested', 'sent'], to: 'completed' },
  fail: { from: ['requested', 'sent'], to: 'failed' },
  dispute: { from: ['requested', 'sent'], to: 'disputed' },
  give_up: { from: ['failed'], to: 'given_up' },
  // The attempt stays failed; the next attempt carries the transfer on.
  retry: { from: ['failed', 'given_up'], to: 'failed' },
};

export function transitionTransfer(status: TransferStatus, event: TransferEvent): Result<TransferStatus, 'transfer_transition_not_allowed'> {
  const rule = TRANSITIONS[event];
  return rule.from.includes(status) ? ok(rule.to) : err('transfer_transition_not_allowed');
}

/** Waiting for the provider's final word: polled, sent again if the provider never heard of it. */
export function isAwaitingProvider(status: TransferStatus): boolean {
  return status === 'requested' || status === 'sent';
}

/**
 * The provider refuses a reused reference with its first answer, so a retry after a refusal needs
 * a new one: the first attempt uses the reference itself, attempt n ≥ 2 appends `-n`.
 */
export function transferReference(reference: string, attempt: number): string {
  return attempt <= 1 ? reference : `${reference}-${attempt}`;
}

/** When the attempt after failed attempt `attempt` is due, or undefined when none is to be made on the schedule. */
export function retryAtAfterFailure(attempt: number, failedAt: Date): Date | undefined {
  const backoff = RETRY_BACKOFF_MINUTES[attempt - 1];
  return attempt < MAX_TRANSFER_ATTEMPTS && backoff !== undefined ? new Date(failedAt.getTime() + backoff * 60_000) : undefined;
}

/** The key of the entry that reverses a failed attempt's booking: one rule for every purpose. */
export function reversalKey(reference: string): string {
  return `reversal:${reference}`;
}
