/**
 * A customer pays a merchant by its code: the public pay page (/pay/{merchantCode}, no account)
 * and the USSD "Pay a merchant" entry both call `PayMerchant`.
 *
 * Guarantees
 * - One rule for what the public learns by a code (core/merchants/merchant.ts `publicStanding`):
 *   an unknown code or a rejected business answers `merchant_not_found`; a business awaiting KYB
 *   is shown as that and nothing else (no name, district or number: a stranger harvests nothing
 *   from a code typed at random) and paying it answers `merchant_not_verified`; a suspended
 *   merchant is shown with its name and paying it answers `merchant_not_active`. Nothing is
 *   collected from any but an active merchant's customer.
 * - The payment is a mobile-money collection through core/merchants/request-merchant-payment.ts:
 *   stored `pending` before the provider is asked; its confirmation posts the fee, net and
 *   commission (core/merchants/confirm-merchant-payment.ts).
 * - Under an idempotency key (the pay page's `Idempotency-Key`, a USSD session's step) a repeated
 *   or raced request starts no second collection: it answers the payment already started.
 * - The pay page's public view of a verified merchant holds its code, name and district only; a
 *   payment's receipt is read by its id (an unguessable UUID the payer was given), with the payer's
 *   number masked.
 * - A request from the public pay page (`publicClient` given: no account, nothing proves the
 *   number is the requester's) starts a collection only within the limits: at most `perNumber`
 *   per payer number and `perClient` per client address in each window, counted before the
 *   provider is asked, refused ones included; past either, `rate_limited` with the wait, nothing
 *   stored or asked. A repeat under an idempotency key already used starts nothing and is not
 *   counted. A USSD payment gives no client: the payer's own PIN confirms it, and every session
 *   reaches us from the gateway's one address.
 */
import type { RateLimiter } from '../accounts/ports.ts';
import { Money } from '../money/money.ts';
import { CARD_PROVIDER, CHECKOUT_LATER } from '../payments/card-checkout.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import { err, ok, rateLimited, type RateLimited, type Result } from '../shared/result.ts';
import { acceptsPayments, publicStanding } from './merchant.ts';
import type { RegisteredMerchant } from './merchant-profile.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { MerchantPaymentReads, MerchantRegistry } from './ports.ts';
import { startMerchantPayment, type RequestMerchantPaymentDeps, type RequestMerchantPaymentError } from './request-merchant-payment.ts';

/** A verified business as the public sees it (pay page, receipt, USSD prompts): code, name and district only. */
export interface PublicMerchant {
  merchantCode: string;
  businessName: string;
  district: string;
  standing: 'accepting' | 'suspended';
  acceptingPayments: boolean;
}

/** A business awaiting KYB: its code and that it does not accept payments yet, nothing more. */
export interface MerchantAwaitingVerification {
  merchantCode: string;
  standing: 'awaiting_verification';
  acceptingPayments: false;
}

/** What the pay page (and USSD "Pay a merchant") shows for a code that names a business. */
export type PayPageMerchant = PublicMerchant | MerchantAwaitingVerification;

const publicView = (m: RegisteredMerchant, standing: PublicMerchant['standing']): PublicMerchant => ({
  merchantCode: m.merchantCode,
  businessName: m.businessName,
  district: m.district,
  standing,
  acceptingPayments: standing === 'accepting',
});

/** The one reading of a code for the public; undefined: as if no business had it. */
function payPageView(merchant: RegisteredMerchant | undefined): PayPageMerchant | undefined {
  const standing = merchant && publicStanding(merchant);
  if (!merchant || standing === undefined) return undefined;
  if (standing === 'awaiting_verification') return { merchantCode: merchant.merchantCode, standing, acceptingPayments: false };
  return publicView(merchant, standing);
}

const byCode = (registry: Pick<MerchantRegistry, 'findByCode'>, code: string) => registry.findByCode(code.trim().toUpperCase());

export class ShowPayPage {
  constructor(private readonly deps: { registry: Pick<MerchantRegistry, 'findByCode'> }) {}

  async execute(input: { merchantCode: string }): Promise<Result<PayPageMerchant, 'merchant_not_found'>> {
    const view = payPageView(await byCode(this.deps.registry, input.merchantCode));
    return view ? ok(view) : err('merchant_not_found');
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
  /**
   * `card`: the payment is stored under the card processor (no number needed, none prompted) and
   * the caller (core/payment-reports/start-card-payment.ts) opens its hosted checkout once it is stored.
   */
  via?: 'card';
}

export type PayMerchantResult = Result<
  { transaction: MerchantTransaction; merchant: PublicMerchant; repeated: boolean },
  RequestMerchantPaymentError | 'merchant_not_verified' | 'phone_number_invalid'
>;

export class PayMerchant {
  constructor(private readonly deps: PayMerchantDeps) {}

  /** A request from the public pay page, from this client address: limited (see the guarantees). */
  execute(input: PayMerchantInput & { publicClient: string }): Promise<PayMerchantResult | RateLimited>;
  /** A request the payer's phone confirms itself (USSD, with its PIN): not limited. */
  execute(input: PayMerchantInput & { publicClient?: undefined }): Promise<PayMerchantResult>;
  async execute(input: PayMerchantInput & { publicClient?: string }): Promise<PayMerchantResult | RateLimited> {
    const merchant = await byCode(this.deps.registry, input.merchantCode);
    const view = payPageView(merchant);
    if (!merchant || !view) return err('merchant_not_found');
    if (view.standing === 'awaiting_verification') return err('merchant_not_verified');
    if (!acceptsPayments(merchant)) return err('merchant_not_active');
    if (!Number.isSafeInteger(input.francs) || input.francs < 1) return err('payment_amount_invalid');
    const card = input.via === 'card';
    const provider = card ? CARD_PROVIDER : this.deps.providerFor(input.customerPhoneNumber);
    if (!provider) return err('phone_number_invalid');
    if (input.publicClient !== undefined) {
      const limited = await this.withinLimits(card ? undefined : input.customerPhoneNumber, input.publicClient, input.idempotencyKey);
      if (limited) return limited;
    }
    const requested = await startMerchantPayment(card ? { ...this.deps, mobileMoney: CHECKOUT_LATER } : this.deps, {
      merchantId: merchant.id,
      amount: Money.ofFrancs(input.francs),
      provider,
      customerPhoneNumber: input.customerPhoneNumber,
      ...(input.customerName ? { customerName: input.customerName } : {}),
      ...(input.idempotencyKey !== undefined ? { idempotencyKey: input.idempotencyKey } : {}),
    });
    if (!requested.ok) return requested;
    return ok({ ...requested.value, merchant: publicView(merchant, 'accepting') });
  }

  /** Null when this public request may start a collection; both counters take every new attempt. */
  private async withinLimits(msisdn: string | undefined, client: string, idempotencyKey: string | undefined): Promise<RateLimited | null> {
    const { limiter, payRequestLimits: limits, clock, transactions } = this.deps;
    if (idempotencyKey !== undefined && (await transactions.findByIdempotencyKey(idempotencyKey))) return null;
    const now = clock.now();
    // A card payment prompts no phone: only the client's own count limits it.
    const byNumber = msisdn === undefined ? { count: 0, resetInSeconds: 0 } : await limiter.hit(`merchant_pay:number:${msisdn}`, limits.windowSeconds, now);
    const byClient = await limiter.hit(`merchant_pay:client:${client}`, limits.windowSeconds, now);
    const waits: number[] = [];
    if (byNumber.count > limits.perNumber) waits.push(byNumber.resetInSeconds);
    if (byClient.count > limits.perClient) waits.push(byClient.resetInSeconds);
    return waits.length === 0 ? null : rateLimited(Math.max(...waits));
  }
}

export interface MerchantReceipt {
  transaction: MerchantTransaction;
  merchant: PublicMerchant;
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
    // Paid, so verified once: it stays shown as suspended if it was suspended since.
    const standing = publicStanding(merchant) === 'accepting' ? 'accepting' : 'suspended';
    return ok({ transaction, merchant: publicView(merchant, standing), maskedPhoneNumber: maskPhone(transaction.customerPhoneNumber) });
  }
}
