/**
 * ShowPayment: a member follows one of their payments (a contribution they pay, a withdrawal or a
 * payout they receive), by its id or by its reference.
 *
 * Guarantees
 * - A member reads only their own payments: another's, or an id of none, is `payment_not_found`.
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { PaymentRecord, PaymentRepository } from './ports.ts';

export interface ShowPaymentDeps {
  payments: Pick<PaymentRepository, 'findById' | 'findByReference'>;
}

export type ShowPaymentInput = { userId: string } & ({ paymentId: string } | { reference: string });

export type ShowPaymentError = 'payment_not_found';

export class ShowPayment {
  constructor(private readonly deps: ShowPaymentDeps) {}

  async execute(input: ShowPaymentInput): Promise<Result<PaymentRecord, ShowPaymentError>> {
    const { payments } = this.deps;
    const payment = 'paymentId' in input ? await payments.findById(input.paymentId) : await payments.findByReference(input.reference);
    return payment && payment.memberId === input.userId ? ok(payment) : err('payment_not_found');
  }
}
