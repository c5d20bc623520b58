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
 * - The rules of paying a merchant (active, whole francs, at least 1 RWF) and of idempotency keys
 *   are core/merchants/start-merchant-payment.ts's, checked once: the payment is a mobile-money
 *   collection stored `pending` before the provider is asked; its confirmation posts the fee, net
 *   and commission (core/merchants/conclude-merchant-payment.ts, in SettleMerchantPaymentReport).
 * - Under an idempotency key (the pay page's `Idempotency-Key`, a USSD session's step) a repeated
 *   or raced request starts no second collection: it answers the payment already started.
 * - The pay page's public view of a verified merchant holds its code, name and district only
 *   (core/merchants/pay-page-view.ts).
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
import type { MerchantTransaction } from './merchant-transaction.ts';
import { byCode, payPageView, publicView, type PublicMerchant } from './pay-page-view.ts';
import type { MerchantRegistry } from './ports.ts';
import { merchantPaymentRefusal, startMerchantPayment, type MerchantPaymentRefusal, type StartMerchantPaymentDeps, type StartMerchantPaymentError } from './start-merchant-payment.ts';

/** How many collections the public pay page may start in each window, per payer number and per client address. */
export interface PayRequestLimits {
  windowSeconds: number;
  perNumber: number;
  perClient: number;
}

/** A customer retrying a prompt that timed out a few times passes; a flood of prompts to one phone does not. */
export const DEFAULT_PAY_REQUEST_LIMITS: PayRequestLimits = { windowSeconds: 3600, perNumber: 10, perClient: 60 };

export interface PayMerchantDeps extends StartMerchantPaymentDeps {
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

export type PayMerchantError = 'merchant_not_found' | 'merchant_not_verified' | MerchantPaymentRefusal | 'phone_number_invalid' | StartMerchantPaymentError;

export type PayMerchantResult = Result<{ transaction: MerchantTransaction; merchant: PublicMerchant; repeated: boolean }, PayMerchantError>;

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
    const amount = Number.isSafeInteger(input.francs) ? Money.ofFrancs(input.francs) : undefined;
    const refusal = merchantPaymentRefusal(merchant, amount);
    if (refusal || !amount) return err(refusal ?? 'payment_amount_invalid');
    const card = input.via === 'card';
    const provider = card ? CARD_PROVIDER : this.deps.providerFor(input.customerPhoneNumber);
    if (!provider) return err('phone_number_invalid');
    const key = input.idempotencyKey;
    // Read once: a repeat is neither counted by the limits nor started again.
    const earlier = key === undefined ? null : ((await this.deps.transactions.findByIdempotencyKey(key)) ?? null);
    if (input.publicClient !== undefined && !earlier) {
      const limited = await this.withinLimits(card ? undefined : input.customerPhoneNumber, input.publicClient);
      if (limited) return limited;
    }
    const requested = await startMerchantPayment(
      card ? { ...this.deps, mobileMoney: CHECKOUT_LATER } : this.deps,
      merchant,
      {
        amount,
        provider,
        customerPhoneNumber: input.customerPhoneNumber,
        ...(input.customerName ? { customerName: input.customerName } : {}),
        ...(key !== undefined ? { idempotencyKey: key } : {}),
      },
      earlier,
    );
    if (!requested.ok) return requested;
    return ok({ ...requested.value, merchant: publicView(merchant, 'accepting') });
  }

  /** Null when this public request may start a collection; both counters take every new attempt. */
  private async withinLimits(msisdn: string | undefined, client: string): Promise<RateLimited | null> {
    const { limiter, payRequestLimits: limits, clock } = this.deps;
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
