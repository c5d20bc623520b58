/**
 * Reverse a completed merchant payment (an admin, `merchants reverse <transactionId> --reason`).
 *
 * Guarantees
 * - Refused, changing nothing: `reason_required` (5–500 characters), `transaction_not_found`,
 *   `transaction_not_completed`, `already_reversed`. Once per payment, also under a race: the
 *   payment's row is locked for the unit of work and the reversals' unique key on the payment
 *   decides (core/merchants/merchant-reversal.ts).
 * - In one unit of work: the reversal row, dated after the merchant's settlement is held off and
 *   never inside a closed range (as a completion: core/settlements/settlement-batch.ts
 *   `completionTimeAfter`), so the batch whose range holds that date carries it as a negative
 *   line and no settled batch changes; the reversal entry (`reversalPostings`, keyed
 *   `merchant-reversal:<transactionId>`); the agent's commission marked `reversed` if it was still
 *   pending; the refund of the gross to the payer's number booked through the transfers module
 *   (purpose `merchant_refund`, debiting `merchant_refund:<transactionId>`); and the audit row.
 * - After that commit the refund is sent; it completes or fails like any transfer, and a failed
 *   one is retried on the transfers' schedule (`MerchantRefundPolicy`).
 * - A card payment is not refunded to a number the payer never gave: it goes back to the card
 *   through the processor, and the reversal above is booked only once the processor completed
 *   that refund (RefundCardPayment); the same refusals apply.
 */
import type { CommissionRepository } from '../agents/ports.ts';
import type { AuditTrail } from '../audit/ports.ts';
import { accounts } from '../ledger/accounts.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { OutgoingTransfers } from '../transfers/ports.ts';
import type { RequestTransfer } from '../transfers/request-transfer.ts';
import type { SendTransfer } from '../transfers/send-transfer.ts';
import type { OutgoingTransfer } from '../transfers/transfer.ts';
import { isCardProvider } from '../payments/card-checkout.ts';
import { bookReversal } from './book-reversal.ts';
import type { MerchantCardRefund } from './merchant-card-refund.ts';
import { reversalRefusal, validReversalReason, type MerchantPaymentReversal, type ReversalRefusal } from './merchant-reversal.ts';
import type { RefundCardPayment } from './refund-card-payment.ts';
import type { CardRefundError } from './pursue-card-refund.ts';
import type { CommissionOfTransaction, MerchantPaymentReads, MerchantRepository, MerchantReversals, MerchantTransactionRepository } from './ports.ts';

export interface ReverseMerchantPaymentDeps {
  merchants: MerchantRepository;
  transactions: MerchantTransactionRepository;
  payments: MerchantPaymentReads;
  reversals: MerchantReversals;
  commissions: CommissionRepository & CommissionOfTransaction;
  journal: JournalWriter;
  transfers: Pick<OutgoingTransfers, 'findByReference'>;
  requestTransfer: Pick<RequestTransfer, 'execute'>;
  sendTransfer: Pick<SendTransfer, 'execute'>;
  audit: AuditTrail;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  /** A card payment is refunded to the card instead (core/merchants/refund-card-payment.ts). */
  refundCard: Pick<RefundCardPayment, 'execute'>;
}

export type ReverseMerchantPaymentError = ReversalRefusal | CardRefundError | 'reason_required';

/**
 * A mobile-money payment: reversed at once, its refund a transfer to the payer's number. A card
 * payment: its refund to the card, and the reversal once the processor completed it (undefined until then).
 */
export type ReversedPayment =
  | { via: 'mobile_money'; reversal: MerchantPaymentReversal; refund: OutgoingTransfer }
  | { via: 'card'; reversal: MerchantPaymentReversal | undefined; refund: MerchantCardRefund };

export class ReverseMerchantPayment {
  constructor(private readonly deps: ReverseMerchantPaymentDeps) {}

  async execute(input: { transactionId: string; reason: string; actor: string }): Promise<Result<ReversedPayment, ReverseMerchantPaymentError>> {
    const reason = validReversalReason(input.reason);
    if (!reason.ok) return reason;
    const found = await this.deps.payments.findById(input.transactionId);
    if (found && isCardProvider(found.provider)) {
      // Back to the card it came from: the payer gave no number a transfer could reach.
      const refunded = await this.deps.refundCard.execute({ transactionId: found.id, reason: reason.value, actor: input.actor });
      return refunded.ok ? ok({ via: 'card', ...refunded.value }) : refunded;
    }
    const booked = await this.deps.uow.run(() => this.book(input.transactionId, reason.value, input.actor));
    if (!booked.ok) return booked;
    await this.deps.sendTransfer.execute({ reference: booked.value.refund.reference });
    const refund = await this.deps.transfers.findByReference(booked.value.refund.reference);
    return ok({ via: 'mobile_money', reversal: booked.value.reversal, refund: refund ?? booked.value.refund });
  }

  private async book(transactionId: string, reason: string, actor: string): Promise<Result<{ reversal: MerchantPaymentReversal; refund: OutgoingTransfer }, ReversalRefusal>> {
    const { transactions, payments, reversals } = this.deps;
    const found = await payments.findById(transactionId);
    // Locked until the unit of work ends: a second reversal of the payment waits here, then finds this one.
    const transaction = found && (await transactions.findByReference(found.transactionReference));
    const refused = reversalRefusal(transaction, transaction ? (await reversals.findByTransaction(transaction.id)) !== undefined : false);
    if (refused) return err(refused);
    invariant(transaction, 'a payment that is not refused exists');
    const merchant = await this.deps.merchants.findById(transaction.merchantId);
    invariant(merchant, `transaction ${transaction.id} names an unknown merchant`);
    const reversal = await bookReversal(this.deps, transaction, reason, actor);
    const commissionOwed = reversal.commissionReversed;

    const refund = await this.deps.requestTransfer.execute({
      purpose: 'merchant_refund',
      subjectId: reversal.id,
      debitedAccount: accounts.merchantRefund(transaction.id),
      transferReference: reversal.refundReference,
      // The payer may have no account: the refund is recorded under the merchant's owner, on whose behalf it is made.
      memberId: merchant.ownerId,
      wallet: { provider: transaction.provider, msisdn: transaction.customerPhoneNumber },
      amount: transaction.amount,
      description: `Ikimina refund ${transaction.transactionReference}`,
    });
    invariant(refund.ok, `refund of ${transaction.id}: the reversal credits exactly its amount`);
    await this.deps.audit.record({
      action: 'merchant_payment_reversed',
      actor,
      subject: `merchant_transaction:${transaction.id}`,
      details: { merchantId: transaction.merchantId, net: transaction.netAmount.toDecimal(), reason, commissionReversed: commissionOwed, refund: refund.value.reference },
    });
    return ok({ reversal, refund: refund.value });
  }
}

/**
 * The transfers policy of a refund: a failed attempt is booked back to `merchant_refund:<tx>` and
 * retried on the transfers' schedule to the same number (the payer's), until given up; an admin
 * may then retry it (`transfers retry`).
 */
export class MerchantRefundPolicy {
  readonly retriesOnSchedule = true;
  constructor(private readonly deps: { requestTransfer: Pick<RequestTransfer, 'execute'> }) {}

  async failed(): Promise<'booked_back'> {
    return 'booked_back';
  }

  async rebook(failed: OutgoingTransfer, attempt: number): Promise<Result<OutgoingTransfer, 'cannot_pay'>> {
    const booked = await this.deps.requestTransfer.execute({
      purpose: failed.purpose,
      subjectId: failed.subjectId,
      debitedAccount: failed.debitedAccount,
      transferReference: failed.transferReference,
      attempt,
      memberId: failed.memberId,
      wallet: { provider: failed.provider, msisdn: failed.msisdn },
      amount: failed.amount,
      description: failed.description,
    });
    return booked.ok ? booked : err('cannot_pay');
  }

  async givenUp(): Promise<void> {}
}
