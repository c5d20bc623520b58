/**
 * StartCardPayment: a member pays a contribution or a loan repayment, a merchant's owner repays
 * working capital, or a customer pays a merchant, by card on the processor's hosted checkout
 * (DOMAIN.md "Cards", "Business accounts").
 *
 * Guarantees
 * - The payment is stored exactly as a mobile-money one, by the use case of its purpose
 *   (PayContribution.startAll, StartLoanRepayment, StartWorkingCapitalRepayment, PayMerchant, with
 *   their rules: only the member who owes it or the business's owner, one in flight at a time,
 *   whole francs, at most what is owed, the public pay page's limits), under the
 *   card processor, and committed BEFORE the processor is asked to open a checkout for it.
 * - The amount is ours: the contribution's, the loan schedule's, what the working capital owes (or
 *   less, as the owner asked), the amount the payer typed on a merchant's pay page. The payer pays the stated amount, no surcharge.
 * - Idempotent by the caller's key: the same key answers the same payment and reference. While it
 *   is still pending the processor is asked by reference first (after a lost answer or a timeout,
 *   it may have charged it): what it answers is settled through ConfirmCardPayment, and only a
 *   reference it has never seen gets its checkout opened again, under the same reference. A payment
 *   already settled answers its return page instead of a checkout.
 * - A key already used for a mobile-money payment answers `idempotency_key_reused`.
 * - A checkout the processor cannot open now answers its error; the stored payment stays pending
 *   and the polling job gives it up once its checkout could no longer be open.
 */
import type { PayContribution } from '../contributions/pay-contribution.ts';
import type { PayContributionError } from '../contributions/pay-contribution.ts';
import type { StartLoanRepayment, StartLoanRepaymentError } from '../loans/start-loan-repayment.ts';
import type { RepaymentScope } from '../loans/ports.ts';
import type { PayMerchant, PayMerchantResult } from '../merchants/pay-merchant.ts';
import type { Money } from '../money/money.ts';
import type { StartRepaymentError, StartWorkingCapitalRepayment } from '../working-capital/repay-working-capital.ts';
import { err, ok, type RateLimited, type Result } from '../shared/result.ts';
import { isCardProvider, type CardCheckout, type CardCheckoutError } from '../payments/card-checkout.ts';
import type { ConfirmCardPayment } from './confirm-card-payment.ts';
import type { PaymentStatus } from '../payments/ports.ts';

export type CardPurpose = 'contribution' | 'loan_repayment' | 'working_capital' | 'merchant';

export type StartCardPaymentInput = {
  idempotencyKey: string;
  customer: { email: string; name: string; phoneNumber: string | undefined };
  /** The return page; the processor adds `status`, `tx_ref` and `transaction_id`. */
  redirectUrl: string;
} & (
  | { purpose: 'contribution'; userId: string; contributionId: string }
  | { purpose: 'loan_repayment'; userId: string; loanId: string; scope: RepaymentScope }
  | { purpose: 'working_capital'; userId: string; merchantId: string; loanId: string; amount?: Money }
  | { purpose: 'merchant'; merchantCode: string; francs: number; customerName?: string; publicClient: string }
);

export interface StartedCardPayment {
  reference: string;
  /** The processor's hosted page, or the return page when the payment is already settled. */
  checkoutUrl: string;
  status: PaymentStatus;
}

type StartError = PayContributionError | StartLoanRepaymentError | StartRepaymentError | (PayMerchantResult extends Result<unknown, infer E> ? E : never);
export type StartCardPaymentError = StartError | CardCheckoutError | 'idempotency_key_reused';

export interface StartCardPaymentDeps {
  payContribution: Pick<PayContribution, 'startAll'>;
  startLoanRepayment: Pick<StartLoanRepayment, 'execute'>;
  startWorkingCapitalRepayment: Pick<StartWorkingCapitalRepayment, 'execute'>;
  payMerchant: Pick<PayMerchant, 'execute'>;
  checkout: Pick<CardCheckout, 'create'>;
  confirm: Pick<ConfirmCardPayment, 'execute'>;
}

/** A stored card payment, as its purpose's use case answered it. */
interface Stored {
  reference: string;
  amount: Money;
  status: PaymentStatus;
  provider: string;
  repeated: boolean;
  title: string;
}

const ATTEMPT_STATUS = { requested: 'pending', succeeded: 'successful', failed: 'failed' } as const;
const MERCHANT_STATUS = { pending: 'pending', completed: 'successful', failed: 'failed' } as const;

export class StartCardPayment {
  constructor(private readonly deps: StartCardPaymentDeps) {}

  async execute(input: StartCardPaymentInput): Promise<Result<StartedCardPayment, StartCardPaymentError> | RateLimited> {
    const stored = await this.store(input);
    if (!stored.ok) return stored;
    const payment = stored.value;
    if (!isCardProvider(payment.provider)) return err('idempotency_key_reused');
    const returnPage = `${input.redirectUrl}${input.redirectUrl.includes('?') ? '&' : '?'}tx_ref=${encodeURIComponent(payment.reference)}`;
    if (payment.status !== 'pending') return ok({ reference: payment.reference, checkoutUrl: returnPage, status: payment.status });
    if (payment.repeated) {
      // The first request may have reached the processor and lost its answer: ask it before opening another checkout.
      const known = await this.deps.confirm.execute({ reference: payment.reference });
      if (known.ok && known.value.paymentStatus !== 'pending') return ok({ reference: payment.reference, checkoutUrl: returnPage, status: known.value.paymentStatus });
      if (!known.ok && known.error === 'card_checkout_unavailable') return err('card_checkout_unavailable');
    }
    const created = await this.deps.checkout.create({ reference: payment.reference, amount: payment.amount, redirectUrl: input.redirectUrl, customer: input.customer, title: payment.title });
    if (!created.ok) return created;
    return ok({ reference: payment.reference, checkoutUrl: created.value.link, status: 'pending' });
  }

  private async store(input: StartCardPaymentInput): Promise<Result<Stored, StartError> | RateLimited> {
    const { payContribution, startLoanRepayment, startWorkingCapitalRepayment, payMerchant } = this.deps;
    switch (input.purpose) {
      case 'contribution': {
        const [started] = await payContribution.startAll([
          { contributionId: input.contributionId, userId: input.userId, idempotencyKey: input.idempotencyKey, provider: 'flutterwave', msisdn: input.customer.phoneNumber ?? '' },
        ]);
        if (!started!.ok) return started!;
        const { attempt, outcome, cycle } = started!.value;
        return ok({ reference: attempt.providerReference, amount: attempt.amount, status: ATTEMPT_STATUS[attempt.status], provider: attempt.provider, repeated: outcome === 'exists', title: `Ikimina contribution, cycle ${cycle}` });
      }
      case 'loan_repayment': {
        const started = await startLoanRepayment.execute({ memberId: input.userId, loanId: input.loanId, scope: input.scope, idempotencyKey: input.idempotencyKey, via: 'card' });
        if (!started.ok) return started;
        const { collection, outcome } = started.value;
        return ok({ reference: collection.reference, amount: collection.amount, status: ATTEMPT_STATUS[collection.status], provider: collection.provider, repeated: outcome === 'exists', title: 'Ikimina loan repayment' });
      }
      case 'working_capital': {
        const started = await startWorkingCapitalRepayment.execute({
          merchantId: input.merchantId,
          loanId: input.loanId,
          userId: input.userId,
          ...(input.amount ? { amount: input.amount } : {}),
          idempotencyKey: input.idempotencyKey,
          via: 'card',
        });
        if (!started.ok) return started;
        const { collection, outcome } = started.value;
        return ok({ reference: collection.reference, amount: collection.amount, status: ATTEMPT_STATUS[collection.status], provider: collection.provider, repeated: outcome === 'exists', title: 'Ikimina working capital repayment' });
      }
      case 'merchant': {
        const paid = await payMerchant.execute({
          merchantCode: input.merchantCode,
          francs: input.francs,
          customerPhoneNumber: input.customer.phoneNumber ?? '',
          ...(input.customerName ? { customerName: input.customerName } : {}),
          idempotencyKey: input.idempotencyKey,
          publicClient: input.publicClient,
          via: 'card',
        });
        if (!paid.ok) return paid;
        const { transaction, merchant, repeated } = paid.value;
        return ok({ reference: transaction.transactionReference, amount: transaction.amount, status: MERCHANT_STATUS[transaction.status], provider: transaction.provider, repeated, title: `Ikimina: ${merchant.businessName}` });
      }
    }
  }
}
