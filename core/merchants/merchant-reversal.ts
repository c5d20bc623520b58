/**
 * Reversal of a completed merchant payment: what it takes back and how the ledger books it.
 *
 * Guarantees
 * - Only a completed payment is reversed, once (`reversalRefusal`; the store's unique key on the
 *   transaction decides a race).
 * - The reversal entry undoes the payment's credits and owes the payer the gross:
 *   debit `merchant_receivable:<merchant>` the net (the merchant owes it back; the settlement batch
 *   whose range holds the reversal's date nets it against the payable as a negative line),
 *   debit `agent_commission:<agent>` the commission while it is still owed (pending, in no payout),
 *   debit `fee_income` the rest of the fee (the whole fee when the commission was paid out already:
 *   the platform bears it, the agent keeps it), credit `merchant_refund:<transaction>` the gross.
 *   It balances for every payment; the refund transfer then moves the gross from
 *   `merchant_refund:<transaction>` to the provider's clearing account (core/transfers), or, for a
 *   card payment, the card refund entry to the processor's (core/merchants/merchant-card-refund.ts).
 * - No payable is debited here, so none can go negative, whether or not the payment was paid out.
 */
import { accounts } from '../ledger/accounts.ts';
import { credit, debit, type Posting } from '../ledger/journal-entry.ts';
import { Money } from '../money/money.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';

export interface MerchantPaymentReversal {
  readonly id: string;
  readonly transactionId: string;
  readonly merchantId: string;
  readonly amount: Money;
  readonly merchantFee: Money;
  /** What the settlement carries as a negative line. */
  readonly netAmount: Money;
  readonly commission: Money;
  /** The agent's commission was still owed and is taken back; false when none or already paid out. */
  readonly commissionReversed: boolean;
  readonly reason: string;
  /** `admin:<who>`, as in the audit log. */
  readonly reversedBy: string;
  /** Dated under the settlement lock, never inside a closed range (like a completion). */
  readonly reversedAt: Date;
  /** `merchant-refund:<transactionId>`: the refund transfer's reference (core/transfers); for a card payment, refunded by the processor, only its name. */
  readonly refundReference: string;
}

export type ReversalRefusal = 'transaction_not_found' | 'transaction_not_completed' | 'already_reversed';

export function reversalRefusal(transaction: MerchantTransaction | undefined, reversed: boolean): ReversalRefusal | undefined {
  if (!transaction) return 'transaction_not_found';
  if (transaction.status !== 'completed') return 'transaction_not_completed';
  return reversed ? 'already_reversed' : undefined;
}

const MERCHANT_REFUND_PREFIX = 'merchant-refund:';

export function refundReference(transactionId: string): string {
  return `${MERCHANT_REFUND_PREFIX}${transactionId}`;
}

/** A provider's report about a refund (any attempt: `merchant-refund:<id>[-n]`). */
export const isMerchantRefundReference = (reference: string): boolean => reference.startsWith(MERCHANT_REFUND_PREFIX);

/** Reasons are kept with the reversal and printed on the settlement lines. */
export function validReversalReason(reason: string): Result<string, 'reason_required'> {
  const trimmed = reason.trim();
  return trimmed.length >= 5 && trimmed.length <= 500 ? ok(trimmed) : err('reason_required');
}

/** The reversal entry's postings (see Guarantees); `commissionOwed` = the agent's commission is still pending. */
export function reversalPostings(transaction: MerchantTransaction, commissionOwed: boolean): Posting[] {
  const commission = commissionOwed ? transaction.commission : Money.ZERO;
  const platform = transaction.merchantFee.minus(commission);
  const postings = [debit(accounts.merchantReceivable(transaction.merchantId), transaction.netAmount), credit(accounts.merchantRefund(transaction.id), transaction.amount)];
  if (platform.isPositive()) postings.push(debit(accounts.feeIncome, platform));
  if (commission.isPositive()) {
    invariant(transaction.agentId !== undefined, 'a commission needs an agent');
    postings.push(debit(accounts.agentCommission(transaction.agentId), commission));
  }
  return postings.filter((p) => !p.amount.isZero());
}

/** The settlement's netting of a batch's negative lines: payable → receivable, the batch's reversed net. */
export function nettingPostings(merchantId: string, reversed: Money): Posting[] {
  return [debit(accounts.merchantPayable(merchantId), reversed), credit(accounts.merchantReceivable(merchantId), reversed)];
}
