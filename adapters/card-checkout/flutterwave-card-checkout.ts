/**
 * FlutterwaveCardCheckout: the CardCheckout port over Flutterwave v3 "Standard" (PROVIDERS.md §7):
 * `POST /v3/payments` → a hosted link; `GET /v3/transactions/{id}/verify` or
 * `GET /v3/transactions/verify_by_reference?tx_ref=` → the provider's word; `POST
 * /v3/transactions/{id}/refund`; `GET /v3/refunds/{id}` and `GET /v3/refunds?tx_id=` (our
 * reading of the API: PROVIDERS.md §7 documents only the refund call, see docs/cards.md). The same code talks to Flutterwave and to the embedded sandbox
 * checkout (adapters/card-checkout/flutterwave-sandbox.ts), which is given as its `fetch`.
 *
 * Guarantees
 * - Never throws for the provider or the network: no answer within the timeout, a 5xx or an
 *   unreadable body is `card_checkout_unavailable`; a 4xx refusal of a checkout
 *   `card_checkout_refused`; "no transaction was found" `card_transaction_unknown`.
 * - Amounts leave as whole francs in RWF (`currency` is always sent: Flutterwave defaults to NGN);
 *   a fraction is a bug and throws (Money.toWholeFrancs).
 * - A verify answer is returned only for the reference asked: one naming another `tx_ref` is
 *   `card_reference_mismatch`. Its amount, currency and status are returned as the provider
 *   said them; the caller compares them with the books.
 * - The secret key travels only in the Authorization header and is never logged here.
 */
import { z } from 'zod';
import { Money } from '../../core/money/money.ts';
import { CARD_PROVIDER, CARD_SESSION_MINUTES, type CardCheckout, type CardCheckoutError, type CardCheckoutRequest, type CardRefund, type CardRefundStatusError, type CardTransaction, type CardVerifyError } from '../../core/payments/card-checkout.ts';
import { err, ok, type Result } from '../../core/shared/result.ts';
import { readJson } from '../mobile-money/provider-http.ts';

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface FlutterwaveOptions {
  /** `https://api.flutterwave.com/v3`, or the sandbox's; a trailing slash is ignored. */
  baseUrl: string;
  secretKey: string;
  /** Per request; 15 s by default. */
  timeoutMs?: number;
  /** The global fetch by default; the embedded sandbox's handler in sandbox mode. */
  fetch?: Fetch;
}

const francs = z.number().finite().nonnegative();

/** Flutterwave's verify `data` (the fields we read; it has many more). */
const TransactionData = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  tx_ref: z.string(),
  amount: francs,
  currency: z.string(),
  app_fee: francs.nullish(),
  status: z.string(),
  processor_response: z.string().nullish(),
});

const VerifyAnswer = z.object({ status: z.string(), data: TransactionData });
const CreateAnswer = z.object({ status: z.literal('success'), data: z.object({ link: z.url() }) });
const RefundData = z.object({ id: z.union([z.number(), z.string()]).transform(String), tx_id: z.union([z.number(), z.string()]).transform(String), amount_refunded: francs, status: z.string() });
const RefundAnswer = z.object({ status: z.literal('success'), data: RefundData });
const RefundList = z.object({ status: z.literal('success'), data: z.array(RefundData) });
const ErrorAnswer = z.object({ status: z.string(), message: z.string().optional() });

const toMoney = (amount: number) => Money.ofCentimes(Math.round(amount * 100));

export function transactionOf(data: z.infer<typeof TransactionData>): CardTransaction {
  const status = data.status === 'successful' ? 'successful' : data.status === 'failed' || data.status === 'cancelled' ? 'failed' : 'pending';
  return {
    id: data.id,
    reference: data.tx_ref,
    status,
    amount: toMoney(data.amount),
    currency: data.currency,
    fee: data.app_fee ? toMoney(data.app_fee) : undefined,
    reason: status === 'failed' ? (data.processor_response ?? data.status) : undefined,
  };
}

/** Flutterwave says `completed` when the money went back; anything but a refusal is still under way. */
function refundOf(data: z.infer<typeof RefundData>): CardRefund {
  const status = data.status === 'completed' ? 'completed' : data.status === 'failed' || data.status === 'rejected' ? 'failed' : 'pending';
  return { id: data.id, chargeId: data.tx_id, status, amount: toMoney(data.amount_refunded) };
}

export class FlutterwaveCardCheckout implements CardCheckout {
  readonly provider = CARD_PROVIDER;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: Fetch;

  constructor(private readonly options: FlutterwaveOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async create(request: CardCheckoutRequest): Promise<Result<{ link: string }, CardCheckoutError>> {
    const response = await this.call('POST', '/payments', {
      tx_ref: request.reference,
      amount: request.amount.toWholeFrancs(),
      currency: 'RWF',
      redirect_url: request.redirectUrl,
      customer: { email: request.customer.email, name: request.customer.name, ...(request.customer.phoneNumber ? { phonenumber: request.customer.phoneNumber } : {}) },
      payment_options: 'card',
      session_duration: CARD_SESSION_MINUTES,
      customizations: { title: request.title },
    });
    if (!response || response.status >= 500) return err('card_checkout_unavailable');
    if (response.status >= 400) return err('card_checkout_refused');
    const body = await readJson(response, CreateAnswer);
    return body ? ok({ link: body.data.link }) : err('card_checkout_unavailable');
  }

  async verify(query: { reference: string; transactionId?: string }): Promise<Result<CardTransaction, CardVerifyError>> {
    const path = query.transactionId
      ? `/transactions/${encodeURIComponent(query.transactionId)}/verify`
      : `/transactions/verify_by_reference?tx_ref=${encodeURIComponent(query.reference)}`;
    const response = await this.call('GET', path);
    if (!response || response.status >= 500) return err('card_checkout_unavailable');
    if (response.status !== 200) {
      const body = await readJson(response, ErrorAnswer);
      // Flutterwave answers 400 "No transaction was found for this id" (or a 404) for a reference it never charged.
      return response.status === 404 || /no transaction/i.test(body?.message ?? '') ? err('card_transaction_unknown') : err('card_checkout_unavailable');
    }
    const body = await readJson(response, VerifyAnswer);
    if (!body) return err('card_checkout_unavailable');
    if (body.data.tx_ref !== query.reference) return err('card_reference_mismatch');
    return ok(transactionOf(body.data));
  }

  async refund(transactionId: string, amount: Money): Promise<Result<CardRefund, CardCheckoutError>> {
    const response = await this.call('POST', `/transactions/${encodeURIComponent(transactionId)}/refund`, { amount: amount.toWholeFrancs() });
    if (!response || response.status >= 500) return err('card_checkout_unavailable');
    if (response.status >= 400) return err('card_checkout_refused');
    const body = await readJson(response, RefundAnswer);
    return body ? ok(refundOf(body.data)) : err('card_checkout_unavailable');
  }

  async refundStatus(refundId: string): Promise<Result<CardRefund, CardRefundStatusError>> {
    const response = await this.call('GET', `/refunds/${encodeURIComponent(refundId)}`);
    if (!response || response.status >= 500) return err('card_checkout_unavailable');
    if (response.status === 404 || response.status === 400) return err('card_refund_unknown');
    const body = response.status === 200 ? await readJson(response, RefundAnswer) : undefined;
    return body && body.data.id === refundId ? ok(refundOf(body.data)) : err('card_checkout_unavailable');
  }

  async refundsOf(transactionId: string): Promise<Result<CardRefund[], 'card_checkout_unavailable'>> {
    const response = await this.call('GET', `/refunds?tx_id=${encodeURIComponent(transactionId)}`);
    const body = response?.status === 200 ? await readJson(response, RefundList) : undefined;
    // Filtered here too: a processor that ignored the filter must not lend us another charge's refund.
    return body ? ok(body.data.map(refundOf).filter((r) => r.chargeId === transactionId)) : err('card_checkout_unavailable');
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response | undefined> {
    try {
      return await this.fetchFn(`${this.baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${this.options.secretKey}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      return undefined;
    }
  }
}
