/**
 * The provider's word on a customer's payment to a merchant (`merchant-payment:<id>`), as the one
 * settlement path (core/payment-reports/settle-payment-report.ts) hands it over, from a verified callback
 * or the polling job.
 *
 * Guarantees
 * - One unit of work and one read of the transaction (locked until it commits): a successful
 *   report of the amount asked completes it and posts the fee, net and commission in that unit of
 *   work (core/merchants/conclude-merchant-payment.ts `concludeMerchantPayment`); a repeat answers
 *   `exists` and posts nothing.
 * - Another amount than was asked books nothing (`payment_amount_mismatch`); a success after a
 *   booked failure is `disputed` (money may sit at the provider: a person looks).
 * - A failed report fails a pending transaction; a pending report changes nothing.
 */
import type { MobileMoneyStatusReport, Settled, SettleError } from '../payments/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { concludeMerchantPayment, type ConcludeMerchantPaymentDeps } from './conclude-merchant-payment.ts';

export const MERCHANT_PAYMENT_PREFIX = 'merchant-payment:';
export const isMerchantPaymentReference = (reference: string): boolean => reference.startsWith(MERCHANT_PAYMENT_PREFIX);

export class SettleMerchantPaymentReport {
  constructor(private readonly deps: ConcludeMerchantPaymentDeps & { uow: UnitOfWork }) {}

  async execute(report: MobileMoneyStatusReport): Promise<Result<Settled, SettleError>> {
    const { transactions, uow } = this.deps;
    return uow.run(async () => {
      const transaction = await transactions.findByReference(report.reference);
      if (!transaction) return err('payment_not_found');
      const paymentStatus = { pending: 'pending', completed: 'successful', failed: 'failed' } as const;
      if (report.status === 'pending') return ok({ outcome: 'pending', paymentStatus: paymentStatus[transaction.status] });
      if (report.status === 'successful' && report.amount !== undefined && !report.amount.equals(transaction.amount)) return err('payment_amount_mismatch');
      if (transaction.status !== 'pending') {
        const same = (transaction.status === 'completed') === (report.status === 'successful');
        return ok({ outcome: same ? 'exists' : 'disputed', paymentStatus: paymentStatus[transaction.status] });
      }
      const concluded = await concludeMerchantPayment(this.deps, transaction, {
        outcome: report.status === 'successful' ? 'completed' : 'failed',
        ...(report.providerTransactionId ? { providerReference: report.providerTransactionId } : {}),
      });
      return ok({ outcome: concluded.status === 'completed' ? 'applied' : 'failed', paymentStatus: paymentStatus[concluded.status] });
    });
  }
}
