/**
 * CardCheckout: the port through which a payer pays by card on a provider's hosted checkout page
 * (PCI DSS SAQ A: card numbers never reach our servers). Adapter: FlutterwaveCardCheckout (v3
 * Standard, PROVIDERS.md §7), talking either to Flutterwave or to the embedded sandbox checkout
 * that speaks the same protocol (adapters/card-checkout/flutterwave-sandbox.ts).
 *
 * Guarantees (every adapter)
 * - `create` asks for a hosted checkout under our `reference` (Flutterwave's `tx_ref`), stored by
 *   the caller before it is asked; the amount is whole francs in RWF. It answers the page's link.
 * - `verify` is the provider's own word on one payment, by its transaction id (a webhook's or a
 *   redirect's `transaction_id`) or by our reference: only this ever credits money. An answer
 *   for another reference than the one asked is an error value (`card_reference_mismatch`),
 *   never a report. `card_transaction_unknown`: the provider has no charge under that reference
 *   (the checkout was never paid, or the request never reached it).
 * - `refund` gives back (part of) a successful charge, by the provider's transaction id; its
 *   answer may say `pending` (the processor finishes it later). `refundStatus` answers one refund
 *   by the processor's id, `refundsOf` every refund of a charge: after a lost answer the caller
 *   asks what the processor holds before asking for a refund again.
 */
import type { Money } from '../money/money.ts';
import { ok, type Result } from '../shared/result.ts';
import type { MobileMoney } from './ports.ts';

/** The card processor, stored as a payment's provider; its clearing account is `card_clearing:<provider>`. */
export const CARD_PROVIDER = 'flutterwave';
export type CardProvider = typeof CARD_PROVIDER;

export function isCardProvider(provider: string): provider is CardProvider {
  return provider === CARD_PROVIDER;
}

/**
 * How long a hosted checkout stays open (`session_duration`, minutes): a card payment the
 * provider still knows nothing of after this long was abandoned, and is given up.
 */
export const CARD_SESSION_MINUTES = 15;

export interface CardCheckoutRequest {
  reference: string;
  amount: Money;
  /** Where the provider sends the payer back (a hint only: `status`, `tx_ref`, `transaction_id`). */
  redirectUrl: string;
  customer: { email: string; name: string; phoneNumber: string | undefined };
  /** The title on the checkout page ("Ikimina: contribution"). */
  title: string;
}

export type CardCheckoutError = 'card_checkout_unavailable' | 'card_checkout_refused';
export type CardVerifyError = 'card_checkout_unavailable' | 'card_transaction_unknown' | 'card_reference_mismatch';

export type CardTransactionStatus = 'successful' | 'failed' | 'pending';

/** The provider's answer on one card payment (Flutterwave's verify `data`). */
export interface CardTransaction {
  /** The provider's transaction id. */
  id: string;
  /** Our reference (`tx_ref`). */
  reference: string;
  status: CardTransactionStatus;
  amount: Money;
  currency: string;
  /** The processor's fee (`app_fee`), when reported. */
  fee: Money | undefined;
  /** Why it failed, in the provider's words (`processor_response`). */
  reason: string | undefined;
}

/** A refund as the processor reports it: done (`completed`), still under way, or refused. */
export type CardRefundStatus = 'pending' | 'completed' | 'failed';

export interface CardRefund {
  /** The processor's id of the refund. */
  id: string;
  /** The processor's id of the charge refunded. */
  chargeId: string;
  status: CardRefundStatus;
  amount: Money;
}

/** `card_refund_unknown`: the processor has no refund under that id. */
export type CardRefundStatusError = 'card_checkout_unavailable' | 'card_refund_unknown';

export interface CardCheckout {
  readonly provider: CardProvider;
  create(request: CardCheckoutRequest): Promise<Result<{ link: string }, CardCheckoutError>>;
  verify(query: { reference: string; transactionId?: string }): Promise<Result<CardTransaction, CardVerifyError>>;
  refund(transactionId: string, amount: Money): Promise<Result<CardRefund, CardCheckoutError>>;
  refundStatus(refundId: string): Promise<Result<CardRefund, CardRefundStatusError>>;
  refundsOf(transactionId: string): Promise<Result<CardRefund[], 'card_checkout_unavailable'>>;
}

/**
 * What a use case that stores a payment and then asks its provider asks for a card payment:
 * nobody's wallet. The payment is stored exactly as a mobile-money one, and StartCardPayment opens
 * the hosted checkout once it is committed.
 */
export const CHECKOUT_LATER: Pick<MobileMoney, 'requestToPay'> = {
  requestToPay: async (request) => ok({ providerReference: request.reference }),
};
