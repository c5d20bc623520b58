/**
 * The provider's word on a customer's payment to a merchant (`merchant-payment:<id>`), as the one
 * settlement path (core/payment-reports/settle-payment-report.ts) hands it over, from a verified callback
 * or the polling job.
 *
 * Guarantees
 * - A successful report of the amount asked completes the transaction and posts the fee, net and
 *   commission in the same transaction (core/merchants/confirm-merchant-payment.ts); a repeat
 *   answers `exists` and posts nothing.
 * - Another amount than was asked books nothing (`payment_amount_mismatch`); a success after a
 *   booked failure is `disputed` (money may sit at the provider: a person looks).
 * - A failed report fails a pending transaction; a pending report changes nothing.
 */
import type { MobileMoneyStatusReport, Settled, SettleError } from '../payments/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { confirmMerchantPayment, type ConfirmMerchantPaymentDeps } from './confirm-merchant-payment.ts';

export const MERCHANT_PAYMENT_PREFIX = 'merchant-payment:';
export const isMerchantPaymentReference = (reference: string): boolean => reference.startsWith(MERCHANT_PAYMENT_PREFIX);

export class SettleMerchantPaymentReport {
  constructor(private readonly deps: ConfirmMerchantPaymentDeps) {}

  async execute(report: MobileMoneyStatusReport): Promise<Result<Settled, SettleError>> {
    const { transactions, unitOfWork } = this.deps;
    return unitOfWork.run(async () => {
      const transaction = await transactions.findByReference(report.reference);
      if (!transaction) return err('payment_not_found');
      const paymentStatus = { pending: 'pending', completed: 'successful', failed: 'failed' } as const;
      if (report.status === 'pending') return ok({ outcome: 'pending', paymentStatus: paymentStatus[transaction.status] });
      if (report.status === 'successful' && report.amount !== undefined && !report.amount.equals(transaction.amount)) return err('payment_amount_mismatch');
      if (transaction.status !== 'pending') {
        const same = (transaction.status === 'completed') === (report.status === 'successful');
        return ok({ outcome: same ? 'exists' : 'disputed', paymentStatus: paymentStatus[transaction.status] });
      }
      const confirmed = await confirmMerchantPayment(this.deps, {
        transactionReference: report.reference,
        outcome: report.status === 'successful' ? 'completed' : 'failed',
        ...(report.providerTransactionId ? { providerReference: report.providerTransactionId } : {}),
      });
      if (!confirmed.ok) return err('payment_not_found');
      return ok({ outcome: confirmed.value.status === 'completed' ? 'applied' : 'failed', paymentStatus: paymentStatus[confirmed.value.status] });
    });
  }
}
