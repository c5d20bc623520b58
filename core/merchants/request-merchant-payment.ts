/**
 * Request a customer's payment to a merchant known by its id: a mobile-money collection.
 *
 * Guarantees
 * - An unknown merchant answers `merchant_not_found`; the rules of paying a merchant (active, a
 *   whole number of francs, at least 1 RWF) and of idempotency keys are those of
 *   core/merchants/start-merchant-payment.ts, written there once.
 * - The transaction is saved `pending` before the provider is asked.
 */
import type { Money } from '../money/money.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { MerchantRepository } from './ports.ts';
import { merchantPaymentRefusal, startMerchantPayment, type MerchantPaymentRefusal, type StartMerchantPaymentDeps, type StartMerchantPaymentError } from './start-merchant-payment.ts';

export interface RequestMerchantPaymentDeps extends StartMerchantPaymentDeps {
  merchants: MerchantRepository;
}

export interface RequestMerchantPaymentInput {
  merchantId: string;
  amount: Money;
  provider: MobileMoneyProvider;
  customerPhoneNumber: string;
  customerName?: string;
  /** The caller's key for this payment (see MerchantTransaction.idempotencyKey). */
  idempotencyKey?: string;
}

export type RequestMerchantPaymentError = 'merchant_not_found' | MerchantPaymentRefusal | StartMerchantPaymentError;

export class RequestMerchantPayment {
  constructor(private readonly deps: RequestMerchantPaymentDeps) {}

  async execute(input: RequestMerchantPaymentInput): Promise<Result<MerchantTransaction, RequestMerchantPaymentError>> {
    const merchant = await this.deps.merchants.findById(input.merchantId);
    if (!merchant) return err('merchant_not_found');
    const refusal = merchantPaymentRefusal(merchant, input.amount);
    if (refusal) return err(refusal);
    const { merchantId: _merchantId, ...request } = input;
    const started = await startMerchantPayment(this.deps, merchant, request);
    return started.ok ? ok(started.value.transaction) : started;
  }
}
