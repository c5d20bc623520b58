/** Ports of the outgoing-transfers module (core/transfers/transfer.ts holds its rules). */
import type { PaymentDispute } from '../payments/ports.ts';
import type { Result } from '../shared/result.ts';
import type { OutgoingTransfer, TransferPurpose, TransferStatus } from './transfer.ts';

/** Every attempt of every outgoing transfer (one table, `outgoing_transfers`). */
export interface OutgoingTransfers {
  add(transfer: OutgoingTransfer): Promise<void>;
  /** Locks the attempt in the caller's transaction, so it is settled or retried once. */
  findByReference(reference: string): Promise<OutgoingTransfer | undefined>;
  findById(id: string): Promise<OutgoingTransfer | undefined>;
  /** The transfer's attempt with the highest number. */
  latestAttempt(transferReference: string): Promise<OutgoingTransfer | undefined>;
  /** Writes its status, completion time, retry time and the provider's details. */
  save(transfer: OutgoingTransfer): Promise<void>;
  /** Failed attempts whose next attempt is due at `now`, the earliest due first. */
  listRetriesDue(now: Date, limit: number): Promise<OutgoingTransfer[]>;
  /**
   * Attempts awaiting the provider (requested, sent) created before `instant`, the least recently
   * polled first; marks them polled at `now`, so every one is asked about in turn.
   */
  listPendingOlderThan(instant: Date, limit: number, now: Date): Promise<OutgoingTransfer[]>;
  /** Newest first. */
  list(filter: { statuses?: readonly TransferStatus[]; limit: number }): Promise<OutgoingTransfer[]>;
}

/** The provider reports disputed instead of booked (raised by core/payment-reports/reconcile-payment.ts), newest first. */
export interface DisputedReports {
  list(limit: number): Promise<PaymentDispute[]>;
}

/**
 * What a transfer's purpose (the tontines, the loans …) does when its money moves or does not:
 * the transfers module calls it in the same unit of work as its own change.
 */
export interface TransferPolicy {
  /** Payouts, withdrawals and disbursements are retried on the schedule; settlements and commissions only on an explicit retry. */
  readonly retriesOnSchedule: boolean;
  /**
   * The attempt failed: the purpose's own consequence (a loan back to `approved`), or
   * `contradicts_books` when it cannot take the failure (nothing may have changed then).
   */
  failed(transfer: OutgoingTransfer): Promise<'booked_back' | 'contradicts_books'>;
  /**
   * The attempt completed (the provider's own final word): the purpose's own consequence, for a
   * purpose that waits for it (a settlement batch, a commission payout); the money moved, so it
   * cannot refuse.
   */
  completed?(transfer: OutgoingTransfer): Promise<void>;
  /**
   * Books attempt `attempt` of the transfer after `failed` (through RequestTransfer, with the
   * purpose's own change): `not_owed` when nothing is owed any more, `cannot_pay` when it is owed
   * but cannot be paid now (no wallet, not enough in the pool). Changes nothing when it refuses.
   */
  rebook(failed: OutgoingTransfer, attempt: number): Promise<Result<OutgoingTransfer, 'not_owed' | 'cannot_pay'>>;
  /** The transfer was given up: tell who must know. */
  givenUp(transfer: OutgoingTransfer): Promise<void>;
}

export type TransferPolicies = Readonly<Partial<Record<TransferPurpose, TransferPolicy>>>;
