/**
 * The next step of a card refund with the processor, and the booking of its answer: shared by the
 * reversal of a card payment (RefundCardPayment, core/merchants/refund-card-payment.ts) and the
 * polling job (FollowCardRefunds, core/merchants/follow-card-refunds.ts); the guarantees are
 * refund-card-payment.ts's.
 */
import { SYSTEM_ACTOR, type AuditTrail } from '../audit/ports.ts';
import { journalEntry } from '../ledger/journal-entry.ts';
import type { CardCheckout, CardRefund } from '../payments/card-checkout.ts';
import type { Clock } from '../shared/clock.ts';
import type { EventLog } from '../shared/event-log.ts';
import { invariant, ok } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { bookReversal, type BookReversalDeps } from './book-reversal.ts';
import { cardRefundPostings, nextRefundStep, type CardRefundDispute, type MerchantCardRefund, type RefundStep } from './merchant-card-refund.ts';
import type { MerchantPaymentReversal, ReversalRefusal } from './merchant-reversal.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { MerchantCardRefunds, MerchantPaymentReads, MerchantReversals, MerchantTransactionRepository } from './ports.ts';

export type CardRefundError = ReversalRefusal | 'card_charge_unknown';

export interface CardRefundDeps extends BookReversalDeps {
  transactions: MerchantTransactionRepository;
  payments: Pick<MerchantPaymentReads, 'findById'>;
  reversals: MerchantReversals;
  cardRefunds: MerchantCardRefunds;
  cardCheckout: Pick<CardCheckout, 'refund' | 'refundStatus' | 'refundsOf'>;
  audit: AuditTrail;
  uow: UnitOfWork;
  clock: Clock;
  events: EventLog;
}

export interface RefundedCardPayment {
  refund: MerchantCardRefund;
  /** Booked once the processor completed the refund. */
  reversal: MerchantPaymentReversal | undefined;
}

/** What the processor said that no machine can settle: disputed for an admin. */
type Disputed = { readonly dispute: 'refused_none_found' | 'unknown_to_processor' };

/** Asks the processor what the refund's next step needs, and settles its answer (shared by the reversal and the polling job). */
export class PursueCardRefund {
  constructor(private readonly deps: CardRefundDeps) {}

  async execute(asked: MerchantCardRefund, step: RefundStep): Promise<RefundedCardPayment> {
    let refund = asked;
    if (step === 'find_out') {
      // Claimed under its lock before the processor is asked: a racing caller then waits, never asks too.
      const claim = await this.deps.uow.run(() => this.claim(asked));
      if (!claim.claimed) return { refund: claim.refund, reversal: undefined };
      refund = claim.refund;
    }
    const answer = await this.ask(refund, step);
    if (answer === 'unavailable') return { refund, reversal: undefined };
    return this.deps.uow.run(() => this.settle(refund, answer));
  }

  private async claim(asked: MerchantCardRefund): Promise<{ refund: MerchantCardRefund; claimed: boolean }> {
    const { refund } = await this.lock(asked);
    if (refund.attempt !== asked.attempt || nextRefundStep(refund, this.deps.clock.now()) !== 'find_out') return { refund, claimed: false };
    const claimed: MerchantCardRefund = { ...refund, askedAt: this.deps.clock.now() };
    await this.deps.cardRefunds.save(claimed);
    return { refund: claimed, claimed: true };
  }

  /** The payment's lock first, then the refund's (the order the reversal takes them). */
  private async lock(asked: MerchantCardRefund): Promise<{ transaction: MerchantTransaction; refund: MerchantCardRefund }> {
    const { cardRefunds, transactions, payments } = this.deps;
    const found = await payments.findById(asked.transactionId);
    invariant(found, `card refund ${asked.id} names an unknown payment`);
    const transaction = await transactions.findByReference(found.transactionReference);
    invariant(transaction, `card refund ${asked.id} names an unknown payment`);
    const refund = await cardRefunds.findByTransaction(asked.transactionId);
    invariant(refund, `card refund ${asked.id} vanished`);
    return { transaction, refund };
  }

  private async ask(refund: MerchantCardRefund, step: RefundStep): Promise<CardRefund | Disputed | 'refused' | 'unavailable'> {
    const { cardCheckout } = this.deps;
    if (step === 'follow' && refund.processorRefundId) {
      const status = await cardCheckout.refundStatus(refund.processorRefundId);
      if (status.ok) return status.value;
      // The processor denies the refund it gave us an id for: no machine can tell what happened to the money.
      return status.error === 'card_refund_unknown' ? { dispute: 'unknown_to_processor' } : 'unavailable';
    }
    // A lost answer, or an earlier attempt thought failed, may have refunded the card already: never ask for a second one blind.
    const lookUp = step !== 'ask' || refund.attempt > 1;
    if (lookUp) {
      const held = await this.held(refund);
      if (held !== 'none') return held;
    }
    const asked = await cardCheckout.refund(refund.chargeId, refund.amount);
    if (asked.ok) return asked.value;
    if (asked.error !== 'card_checkout_refused') return 'unavailable';
    if (!lookUp) return 'refused';
    // Refused after a lost answer or an earlier attempt: most likely because a refund is already
    // made (a racing caller's); a refusal then says nothing about ours, so it never marks it failed.
    const again = await this.held(refund);
    return again === 'none' ? { dispute: 'refused_none_found' } : again;
  }

  /** The refund the processor holds for the charge: ours is the one not failed (a failed attempt's amount went back to the charge). */
  private async held(refund: MerchantCardRefund): Promise<CardRefund | 'none' | 'unavailable'> {
    const held = await this.deps.cardCheckout.refundsOf(refund.chargeId);
    if (!held.ok) return 'unavailable';
    return held.value.find((r) => r.status !== 'failed') ?? 'none';
  }

  private async settle(asked: MerchantCardRefund, answer: CardRefund | Disputed | 'refused'): Promise<RefundedCardPayment> {
    const { cardRefunds, journal, audit, clock, ids } = this.deps;
    const { transaction, refund } = await this.lock(asked);
    // Settled meanwhile (a concurrent poll or reversal), asked again since, or disputed: that one's answer decides.
    if (refund.attempt !== asked.attempt || refund.status === 'completed' || refund.status === 'failed' || refund.dispute) return { refund, reversal: undefined };
    if (answer !== 'refused' && 'dispute' in answer) {
      // None found after a refusal, yet a racing caller's answer gave the row a refund meanwhile: that one is followed.
      if (answer.dispute === 'refused_none_found' && (refund.status === 'pending' || refund.processorRefundId)) return { refund, reversal: undefined };
      return this.disputed(refund, { code: answer.dispute });
    }
    // The processor took a refund already (a racing caller's answer): a refusal of another request says nothing about that one.
    if (answer === 'refused' && (refund.status === 'pending' || refund.processorRefundId)) return { refund, reversal: undefined };
    if (answer !== 'refused' && answer.chargeId !== refund.chargeId) return this.disputed(refund, { code: 'other_charge', processorChargeId: answer.chargeId }, answer.id);

    const now = clock.now();
    if (answer === 'refused' || answer.status === 'failed') {
      const failed: MerchantCardRefund = { ...refund, status: 'failed', settledAt: now, failureReason: answer === 'refused' ? 'refused by the processor' : 'failed at the processor', ...(answer === 'refused' ? {} : { processorRefundId: answer.id }) };
      await cardRefunds.save(failed);
      await audit.record({ action: 'merchant_card_refund_failed', actor: SYSTEM_ACTOR, subject: `merchant_transaction:${refund.transactionId}`, details: { refund: refund.id, attempt: refund.attempt, reason: failed.failureReason ?? null } });
      return { refund: failed, reversal: undefined };
    }
    if (answer.status === 'pending') {
      const pending: MerchantCardRefund = { ...refund, status: 'pending', processorRefundId: answer.id };
      await cardRefunds.save(pending);
      return { refund: pending, reversal: undefined };
    }
    if (!answer.amount.equals(refund.amount)) return this.disputed(refund, { code: 'other_amount', processorAmount: answer.amount }, answer.id);
    const reversal = await bookReversal(this.deps, transaction, refund.reason, refund.requestedBy);
    const entry = journalEntry({ id: ids.newId(), key: `card-refund:${transaction.id}`, kind: 'merchant_card_refunded', occurredAt: reversal.reversedAt, postings: cardRefundPostings(transaction) });
    invariant(entry.ok, 'a card refund entry always balances');
    const posted = await journal.post(entry.value);
    invariant(posted.ok, `card refund of ${transaction.id} could not be posted: ${posted.ok ? '' : posted.error}`);
    const completed: MerchantCardRefund = { ...refund, status: 'completed', processorRefundId: answer.id, settledAt: now };
    await cardRefunds.save(completed);
    await audit.record({
      action: 'merchant_payment_reversed',
      actor: refund.requestedBy,
      subject: `merchant_transaction:${transaction.id}`,
      details: { merchantId: transaction.merchantId, net: transaction.netAmount.toDecimal(), reason: refund.reason, commissionReversed: reversal.commissionReversed, refund: `card:${answer.id}` },
    });
    return { refund: completed, reversal };
  }

  /** Records the dispute on the locked row, once: audited and logged now, never asked about again. */
  private async disputed(refund: MerchantCardRefund, dispute: Omit<CardRefundDispute, 'at'>, processorRefundId?: string): Promise<RefundedCardPayment> {
    const { cardRefunds, audit, clock, events } = this.deps;
    const recorded: MerchantCardRefund = { ...refund, dispute: { ...dispute, at: clock.now() }, ...(processorRefundId ? { processorRefundId } : {}) };
    await cardRefunds.save(recorded);
    const details = {
      refund: refund.id,
      attempt: refund.attempt,
      dispute: dispute.code,
      chargeId: refund.chargeId,
      processorRefundId: recorded.processorRefundId ?? null,
      ...(dispute.processorAmount ? { processorAmount: dispute.processorAmount.toDecimal(), expected: refund.amount.toDecimal() } : {}),
      ...(dispute.processorChargeId ? { answeredChargeId: dispute.processorChargeId } : {}),
    };
    await audit.record({ action: 'merchant_card_refund_disputed', actor: SYSTEM_ACTOR, subject: `merchant_transaction:${refund.transactionId}`, details });
    events.error({ ...details, transactionId: refund.transactionId }, 'card refund disputed: nothing booked, an admin must look (merchants refunds --disputed)');
    return { refund: recorded, reversal: undefined };
  }
}
