/**
 * Refund of a merchant's card payment back to the card (issue 27): the reversal of a card payment
 * (ReverseMerchantPayment, an admin's `merchants reverse`), and the polling job that follows a
 * refund the processor has not finished.
 *
 * Guarantees
 * - Refused, changing nothing, as every reversal: `transaction_not_found`,
 *   `transaction_not_completed`, `already_reversed` (its refund completed); `card_charge_unknown`
 *   when the payment holds no processor charge id to refund.
 * - Stored before the processor is asked (core/merchants/merchant-card-refund.ts), under the
 *   payment's lock: one refund row per payment; a retried reversal answers the same refund. One
 *   whose answer was lost (a timeout, a 5xx) stays `requested`, and is never asked for again before
 *   the processor was asked what it holds for the charge (`refundsOf`): a retried reversal or the
 *   polling job finds it there, and asks for a refund only when there is none. A request still
 *   under way (`REFUND_ANSWER_WAIT_MS`) is left to it: a racing reversal answers it as it stands.
 *   Finding out is claimed under the locks (`askedAt`) before the processor is asked, so one caller
 *   asks at a time. Attempt 2 and later look the charge up first too.
 * - A refusal after a look-up never marks the refund failed (a refund is most likely made): the
 *   charge is looked up again and the refund found followed; none, it is disputed (below). A
 *   refusal never overwrites a `pending` row or one holding a processor refund id.
 * - Disputed, once, for an admin (`merchants refunds --disputed`), booking nothing: refused with
 *   none found at the processor, completed for another amount, answered for another charge, or a
 *   pending refund the processor no longer knows. Recorded on the row under its lock with the
 *   audit row `merchant_card_refund_disputed` and one error in the log; from then on no caller
 *   (the `card-refunds` job, a retried reversal) asks the processor about it again.
 * - Posted through the ledger once, when the processor says `completed`: in one unit of work the
 *   reversal (book-reversal.ts: dated as a completion, so the batch whose range holds that date
 *   carries it; reduced before the week is settled, a negative line in the next batch after) and
 *   the card refund entry (`card-refund:<transaction>`); the audit row. Another amount than the
 *   payment's books nothing and is disputed.
 * - `pending` is stored with the processor's refund id and followed by the `card-refunds` job
 *   (`refundStatus`) to its end. `failed` (or refused) books nothing; the reversal may be asked again.
 */
import { err, invariant, ok, type Result } from '../shared/result.ts';
import { nextRefundStep, type MerchantCardRefund } from './merchant-card-refund.ts';
import { reversalRefusal } from './merchant-reversal.ts';
import type { CardRefundDeps, CardRefundError, PursueCardRefund, RefundedCardPayment } from './pursue-card-refund.ts';

/** The card branch of ReverseMerchantPayment (the reason already checked). */
export class RefundCardPayment {
  constructor(private readonly deps: CardRefundDeps & { pursue: Pick<PursueCardRefund, 'execute'> }) {}

  async execute(input: { transactionId: string; reason: string; actor: string }): Promise<Result<RefundedCardPayment, CardRefundError>> {
    const opened = await this.deps.uow.run(() => this.open(input));
    if (!opened.ok) return opened;
    const { refund, step } = opened.value;
    if (step === 'wait' || step === 'done' || step === 'disputed') return ok({ refund, reversal: await this.deps.reversals.findByTransaction(refund.transactionId) });
    return ok(await this.deps.pursue.execute(refund, step));
  }

  private async open(input: { transactionId: string; reason: string; actor: string }): Promise<Result<{ refund: MerchantCardRefund; step: ReturnType<typeof nextRefundStep> }, CardRefundError>> {
    const { payments, transactions, reversals, cardRefunds, audit, clock, ids } = this.deps;
    const found = await payments.findById(input.transactionId);
    // Locked until the unit of work ends: a second reversal waits here, then finds this refund.
    const transaction = found && (await transactions.findByReference(found.transactionReference));
    const refused = reversalRefusal(transaction, transaction ? (await reversals.findByTransaction(transaction.id)) !== undefined : false);
    if (refused) return err(refused);
    invariant(transaction, 'a payment that is not refused exists');
    const existing = await cardRefunds.findByTransaction(transaction.id);
    const step = nextRefundStep(existing, clock.now());
    // Asked before and not failed: answer that refund (finding out or following it), never a second one.
    if (existing && step !== 'ask') return ok({ refund: existing, step });

    // The processor's charge id, stored when its verify call confirmed the payment.
    const chargeId = transaction.providerReference;
    if (!chargeId || chargeId === transaction.transactionReference) return err('card_charge_unknown');
    const base = { reason: input.reason, requestedBy: input.actor, requestedAt: clock.now(), status: 'requested' as const };
    let refund: MerchantCardRefund;
    if (existing) {
      const { processorRefundId: _lastId, settledAt: _settled, failureReason: _why, askedAt: _claimed, ...rest } = existing;
      refund = { ...rest, ...base, attempt: existing.attempt + 1 };
      await cardRefunds.save(refund);
    } else {
      refund = { id: ids.newId(), transactionId: transaction.id, merchantId: transaction.merchantId, chargeId, amount: transaction.amount, attempt: 1, ...base };
      invariant((await cardRefunds.add(refund)) === 'added', `payment ${transaction.id} was refunded under its lock`);
    }
    await audit.record({ action: 'merchant_card_refund_requested', actor: input.actor, subject: `merchant_transaction:${transaction.id}`, details: { refund: refund.id, attempt: refund.attempt, reason: input.reason } });
    return ok({ refund, step: 'ask' });
  }
}

