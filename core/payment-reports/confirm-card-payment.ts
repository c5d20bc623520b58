/**
 * ConfirmCardPayment: the card processor's own word on one card payment, booked through the path
 * every mobile-money payment takes. The webhook, the payer's return from the checkout, the return
 * page's status reads and the polling job all come here: a redirect's `status=successful` or a
 * webhook's body is a hint, and only the processor's verify answer is ever booked.
 *
 * Guarantees
 * - The processor is asked (by its transaction id when the hint names one, else by our reference)
 *   and an answer for another reference than ours books nothing (`card_reference_mismatch`,
 *   logged): a webhook cannot move one payment's money onto another.
 * - The answer is settled by ReconcilePayment.settleReport, the mobile-money path: the payment,
 *   its one ledger entry (card clearing → pool, loan or merchant) and its notice commit together,
 *   once; a repeat answers `exists`; another currency or amount books nothing and raises a
 *   dispute for an admin; a pending answer changes nothing.
 * - The processor's fee (`app_fee`), when reported on a booked payment, is posted once, keyed by
 *   the reference (`card_fee:<reference>`): card clearing → `card_fees:<provider>`. It is posted
 *   again after `exists` too, so a crash between the two entries heals on the next hint or poll.
 * - A payment the processor knows nothing of is left pending while its checkout may still be
 *   open; past `CARD_SESSION_MINUTES` (only the polling job says how old it is) it is given up as
 *   failed, so the payer can pay again.
 */
import { accounts } from '../ledger/accounts.ts';
import { credit, debit } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { Money } from '../money/money.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import type { EventLog } from '../shared/event-log.ts';
import { err, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { CARD_SESSION_MINUTES, type CardCheckout, type CardTransaction, type CardVerifyError } from '../payments/card-checkout.ts';
import type { Settled, SettleError } from '../payments/ports.ts';
import type { ReconcilePayment } from './reconcile-payment.ts';
import type { SettlePaymentReport } from './settle-payment-report.ts';

export interface ConfirmCardPaymentDeps {
  checkout: Pick<CardCheckout, 'verify' | 'provider'>;
  reconcile: Pick<ReconcilePayment, 'settleReport'>;
  settle: Pick<SettlePaymentReport, 'expire'>;
  journal: JournalWriter;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  log: EventLog;
}

export interface ConfirmCardPaymentInput {
  reference: string;
  /** The processor's transaction id, as a webhook or a redirect names it (a hint). */
  transactionId?: string;
  /** The stored payment, when the caller read it (the polling job): lets an abandoned checkout be given up. */
  stored?: { amount: Money; startedAt: Date };
}

export type ConfirmCardPaymentError = CardVerifyError | SettleError | 'mobile_money_unavailable' | 'mobile_money_reference_unknown';

export class ConfirmCardPayment {
  constructor(private readonly deps: ConfirmCardPaymentDeps) {}

  async execute(input: ConfirmCardPaymentInput): Promise<Result<Settled, ConfirmCardPaymentError>> {
    const { checkout, reconcile, settle, clock, log } = this.deps;
    const verified = await checkout.verify({ reference: input.reference, ...(input.transactionId ? { transactionId: input.transactionId } : {}) });
    if (!verified.ok) {
      if (verified.error === 'card_reference_mismatch') {
        log.warn({ reference: input.reference.slice(0, 100), transactionId: input.transactionId?.slice(0, 40) }, 'card payment hint names a transaction of another reference: nothing booked');
      }
      const abandoned = input.stored && clock.now().getTime() - input.stored.startedAt.getTime() > CARD_SESSION_MINUTES * 60_000;
      if (verified.error === 'card_transaction_unknown' && abandoned) return settle.expire(input.reference, input.stored!.amount);
      return err(verified.error);
    }
    const transaction = verified.value;
    const settled = await reconcile.settleReport(checkout.provider, 'collection', {
      reference: transaction.reference,
      status: transaction.status,
      amount: transaction.amount,
      currency: transaction.currency,
      providerTransactionId: transaction.id,
      reason: transaction.reason,
    });
    if (settled.ok && (settled.value.outcome === 'applied' || settled.value.outcome === 'exists')) await this.postFee(transaction);
    return settled;
  }

  /** The processor's fee on a booked payment, once: card clearing → card fees. */
  private async postFee(transaction: CardTransaction): Promise<void> {
    const fee = transaction.fee;
    if (!fee?.isPositive()) return;
    const { journal, uow, clock, ids, checkout, log } = this.deps;
    const posted = await uow.run(() =>
      journal.post({
        id: ids.newId(),
        key: `card_fee:${transaction.reference}`,
        kind: 'card_fee',
        occurredAt: clock.now(),
        postings: [debit(accounts.cardFees(checkout.provider), fee), credit(accounts.cardClearing(checkout.provider), fee)],
      }),
    );
    if (!posted.ok && posted.error !== 'exists') log.error({ reference: transaction.reference, error: posted.error }, 'card processor fee not posted');
  }
}

