/**
 * A customer pays a merchant by its code: the public pay page (/pay/{merchantCode}, no account)
 * and the USSD "Pay a merchant" entry both call `PayMerchant`.
 *
 * Guarantees
 * - An unknown code, or a business not verified (KYB pending or rejected), answers
 *   `merchant_not_found`; a suspended merchant answers `merchant_not_active`: nothing is collected.
 * - The payment is a mobile-money collection through core/merchants/request-merchant-payment.ts:
 *   stored `pending` before the provider is asked; its confirmation posts the fee, net and
 *   commission (core/merchants/confirm-merchant-payment.ts).
 * - Under an idempotency key (the pay page's `Idempotency-Key`, a USSD session's step) a repeated
 *   or raced request starts no second collection: it answers the payment already started.
 * - The pay page's public view of a merchant holds its code, name and district only; a payment's
 *   receipt is read by its id (an unguessable UUID the payer was given), with the payer's number
 *   masked.
 * - A request from the public pay page (`publicClient` given: no account, nothing proves the
 *   number is the requester's) starts a collection only within the limits: at most `perNumber`
 *   per payer number and `perClient` per client address in each window, counted before the
 *   provider is asked, refused ones included; past either, `rate_limited` with the wait, nothing
 *   stored or asked. A repeat under an idempotency key already used starts nothing and is not
 *   counted. A USSD payment gives no client: the payer's own PIN confirms it, and every session
 *   reaches us from the gateway's one address.
 */
import type { RateLimiter } from '../accounts/ports.ts';
import type { RateLimited } from '../accounts/attempt-limits.ts';
import { Money } from '../money/money.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { acceptsPayments } from './merchant.ts';
import type { RegisteredMerchant } from './merchant-profile.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { MerchantPaymentReads, MerchantRegistry } from './ports.ts';
import { startMerchantPayment, type RequestMerchantPaymentDeps, type RequestMerchantPaymentError } from './request-merchant-payment.ts';

export interface PayPageMerchant {
  merchantCode: string;
  businessName: string;
  district: string;
  acceptingPayments: boolean;
}

/** A business the admin has not verified (KYB pending or rejected) is not shown to the public. */
const isPublic = (m: RegisteredMerchant) => m.merchantStatus === 'active' || m.merchantStatus === 'suspended';

const payPageView = (m: RegisteredMerchant): PayPageMerchant => ({
  merchantCode: m.merchantCode,
  businessName: m.businessName,
  district: m.district,
  acceptingPayments: acceptsPayments(m),
});

export class ShowPayPage {
  constructor(private readonly deps: { registry: Pick<MerchantRegistry, 'findByCode'> }) {}

  async execute(input: { merchantCode: string }): Promise<Result<PayPageMerchant, 'merchant_not_found'>> {
    const merchant = await this.deps.registry.findByCode(input.merchantCode.trim().toUpperCase());
    return merchant && isPublic(merchant) ? ok(payPageView(merchant)) : err('merchant_not_found');
  }
}

/** How many collections the public pay page may start in each window, per payer number and per client address. */
export interface PayRequestLimits {
  windowSeconds: number;
  perNumber: number;
  perClient: number;
}

/** A customer retrying a prompt that timed out a few times passes; a flood of prompts to one phone does not. */
export const DEFAULT_PAY_REQUEST_LIMITS: PayRequestLimits = { windowSeconds: 3600, perNumber: 10, perClient: 60 };

export interface PayMerchantDeps extends RequestMerchantPaymentDeps {
  registry: Pick<MerchantRegistry, 'findByCode'>;
  /** The provider that collects from this number (by its prefix), or undefined when none can. */
  providerFor: (msisdn: string) => MobileMoneyProvider | undefined;
  limiter: RateLimiter;
  payRequestLimits: PayRequestLimits;
}

export interface PayMerchantInput {
  merchantCode: string;
  francs: number;
  customerPhoneNumber: string;
  customerName?: string;
  idempotencyKey?: string;
}

export type PayMerchantResult = Result<{ transaction: MerchantTransaction; merchant: PayPageMerchant; repeated: boolean }, RequestMerchantPaymentError | 'phone_number_invalid'>;

export class PayMerchant {
  constructor(private readonly deps: PayMerchantDeps) {}

  /** A request from the public pay page, from this client address: limited (see the guarantees). */
  execute(input: PayMerchantInput & { publicClient: string }): Promise<PayMerchantResult | RateLimited>;
  /** A request the payer's phone confirms itself (USSD, with its PIN): not limited. */
  execute(input: PayMerchantInput & { publicClient?: undefined }): Promise<PayMerchantResult>;
  async execute(input: PayMerchantInput & { publicClient?: string }): Promise<PayMerchantResult | RateLimited> {
    const merchant = await this.deps.registry.findByCode(input.merchantCode.trim().toUpperCase());
    if (!merchant || !isPublic(merchant)) return err('merchant_not_found');
    if (!acceptsPayments(merchant)) return err('merchant_not_active');
    if (!Number.isSafeInteger(input.francs) || input.francs < 1) return err('payment_amount_invalid');
    const provider = this.deps.providerFor(input.customerPhoneNumber);
    if (!provider) return err('phone_number_invalid');
    if (input.publicClient !== undefined) {
      const limited = await this.withinLimits(input.customerPhoneNumber, input.publicClient, input.idempotencyKey);
      if (limited) return limited;
    }
    const requested = await startMerchantPayment(this.deps, {
      merchantId: merchant.id,
      amount: Money.ofFrancs(input.francs),
      provider,
      customerPhoneNumber: input.customerPhoneNumber,
      ...(input.customerName ? { customerName: input.customerName } : {}),
      ...(input.idempotencyKey !== undefined ? { idempotencyKey: input.idempotencyKey } : {}),
    });
    if (!requested.ok) return requested;
    return ok({ ...requested.value, merchant: payPageView(merchant) });
  }

  /** Null when this public request may start a collection; both counters take every new attempt. */
  private async withinLimits(msisdn: string, client: string, idempotencyKey: string | undefined): Promise<RateLimited | null> {
    const { limiter, payRequestLimits: limits, clock, transactions } = this.deps;
    if (idempotencyKey !== undefined && (await transactions.findByIdempotencyKey(idempotencyKey))) return null;
    const now = clock.now();
    const byNumber = await limiter.hit(`merchant_pay:number:${msisdn}`, limits.windowSeconds, now);
    const byClient = await limiter.hit(`merchant_pay:client:${client}`, limits.windowSeconds, now);
    const waits: number[] = [];
    if (byNumber.count > limits.perNumber) waits.push(byNumber.resetInSeconds);
    if (byClient.count > limits.perClient) waits.push(byClient.resetInSeconds);
    return waits.length === 0 ? null : { ok: false, error: 'rate_limited', retryAfterSeconds: Math.max(1, ...waits) };
  }
}

export interface MerchantReceipt {
  transaction: MerchantTransaction;
  merchant: PayPageMerchant;
  maskedPhoneNumber: string;
}

export const maskPhone = (msisdn: string) => (msisdn.length > 7 ? `${msisdn.slice(0, 6)}${'*'.repeat(msisdn.length - 9)}${msisdn.slice(-3)}` : '***');

export class ShowMerchantReceipt {
  constructor(private readonly deps: { registry: Pick<MerchantRegistry, 'findRegistered'>; payments: Pick<MerchantPaymentReads, 'findById'> }) {}

  async execute(input: { transactionId: string }): Promise<Result<MerchantReceipt, 'payment_not_found'>> {
    const transaction = await this.deps.payments.findById(input.transactionId);
    if (!transaction) return err('payment_not_found');
    const merchant = await this.deps.registry.findRegistered(transaction.merchantId);
    if (!merchant) return err('payment_not_found');
    return ok({ transaction, merchant: payPageView(merchant), maskedPhoneNumber: maskPhone(transaction.customerPhoneNumber) });
  }
}
