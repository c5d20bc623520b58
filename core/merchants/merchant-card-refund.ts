/**
 * A refund of a merchant's card payment back to the card, through the card processor's refund
 * call (core/payments/card-checkout.ts), and how the ledger books it once the processor says it
 * is done (core/merchants/refund-card-payment.ts).
 *
 * Guarantees
 * - One row per payment, stored before the processor is asked: `requested` (asked, or about to
 *   be: its answer may have been lost), `pending` (the processor took it and has not finished),
 *   `completed` (its own word: the money went back to the card) or `failed`. Only `completed`
 *   moves money in the ledger; a `failed` one may be asked again, as a new attempt of the same row.
 * - Its owner sees it as `refundAsOwnerSees` says: under way (`requested` or `pending`) or
 *   completed; a failed one not at all (the payment stands until an admin asks again).
 * - Completed, the card refund entry moves the gross from `merchant_refund:<transaction>` (what the
 *   reversal entry owes the payer) to `card_clearing:<provider>`, which the processor takes it from.
 */
import { accounts } from '../ledger/accounts.ts';
import { credit, debit, type Posting } from '../ledger/journal-entry.ts';
import type { Money } from '../money/money.ts';
import type { CardRefundStatus } from '../payments/card-checkout.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';

export type MerchantCardRefundStatus = 'requested' | CardRefundStatus;

export interface MerchantCardRefund {
  readonly id: string;
  readonly transactionId: string;
  readonly merchantId: string;
  /** The processor's id of the charge refunded (the payment's provider reference). */
  readonly chargeId: string;
  readonly amount: Money;
  readonly status: MerchantCardRefundStatus;
  /** 1, then one more each time a failed refund is asked again. */
  readonly attempt: number;
  /** The processor's id of the refund, once it answered. */
  readonly processorRefundId?: string;
  readonly reason: string;
  /** `admin:<who>`, as in the audit log. */
  readonly requestedBy: string;
  readonly requestedAt: Date;
  /** When it completed or failed. */
  readonly settledAt?: Date;
  /** Why it failed, in the processor's words. */
  readonly failureReason?: string;
  /**
   * When a caller last claimed it to find out a lost answer (stamped under its lock before the
   * processor is asked): another caller leaves it to that one for REFUND_ANSWER_WAIT_MS.
   */
  readonly askedAt?: Date;
  /** The processor's word no machine can settle, recorded once for an admin: every caller then leaves the refund alone. */
  readonly dispute?: CardRefundDispute;
}

/**
 * Why a refund waits for an admin (`merchants refunds --disputed`): `other_amount` the processor
 * completed it for another amount than the payment's; `refused_none_found` it refused the refund
 * and holds none for the charge; `unknown_to_processor` it no longer knows a refund it gave us an
 * id for; `other_charge` it answered for another charge. Nothing is booked for any of them.
 */
export const CARD_REFUND_DISPUTES = ['other_amount', 'refused_none_found', 'unknown_to_processor', 'other_charge'] as const;
export type CardRefundDisputeCode = (typeof CARD_REFUND_DISPUTES)[number];

export interface CardRefundDispute {
  readonly code: CardRefundDisputeCode;
  /** When it was recorded. */
  readonly at: Date;
  /** What the processor said it refunded (`other_amount`). */
  readonly processorAmount?: Money;
  /** The charge the processor answered for (`other_charge`). */
  readonly processorChargeId?: string;
}

/** What a reversal asks of the processor next about its refund. */
export type RefundStep = 'ask' | 'find_out' | 'follow';

/**
 * How long a requested refund is left to the request (or the look-up) under way: longer than the
 * processor adapter's longest timeout (FLUTTERWAVE_TIMEOUT_MS, 15 s by default, at most 30 s —
 * apps/config.ts caps it at half this wait, as a request and a look-up may follow each other), so
 * that a concurrent reversal or the polling job never finds "no refund" while the first request
 * is still on its way and asks for a second one.
 */
export const REFUND_ANSWER_WAIT_MS = 60_000;

/**
 * `ask`: a new refund (or a new attempt of a failed one). `find_out`: a requested one whose answer
 * was lost (a timeout): the processor is asked what it holds before it is asked again, so a
 * retried reversal never refunds twice. `follow`: a pending one, asked for its state. `wait`: a
 * request still under way. `done`: completed. `disputed`: left to an admin, nobody asks anything.
 */
export function nextRefundStep(refund: Pick<MerchantCardRefund, 'status' | 'requestedAt' | 'askedAt' | 'dispute'> | undefined, now: Date): RefundStep | 'wait' | 'done' | 'disputed' {
  if (refund?.dispute && refund.status !== 'completed') return 'disputed';
  if (!refund || refund.status === 'failed') return 'ask';
  if (refund.status === 'requested') return now.getTime() - (refund.askedAt ?? refund.requestedAt).getTime() < REFUND_ANSWER_WAIT_MS ? 'wait' : 'find_out';
  return refund.status === 'pending' ? 'follow' : 'done';
}

/** The card refund entry's postings (see Guarantees). */
export function cardRefundPostings(transaction: Pick<MerchantTransaction, 'id' | 'provider' | 'amount'>): Posting[] {
  return [debit(accounts.merchantRefund(transaction.id), transaction.amount), credit(accounts.cardClearing(transaction.provider), transaction.amount)];
}

/** A card refund as the payment's owner sees it on their transactions list. */
export interface OwnerRefundView {
  /** `pending` from the request until the processor's last word; `completed` once the money went back. */
  readonly status: 'pending' | 'completed';
  readonly requestedAt: Date;
}

/**
 * `requested` reads `pending` too: to the owner the refund is under way either way. A failed one
 * is nothing to the owner: the payment stands (still theirs) until an admin asks again, which the
 * admin's `merchants reverse` already reports.
 */
export function refundAsOwnerSees(refund: Pick<MerchantCardRefund, 'status' | 'requestedAt'> | undefined): OwnerRefundView | undefined {
  if (!refund || refund.status === 'failed') return undefined;
  return { status: refund.status === 'completed' ? 'completed' : 'pending', requestedAt: refund.requestedAt };
}
