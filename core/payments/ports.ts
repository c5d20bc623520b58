/**
 * MobileMoney: the port through which money enters (collection, "request to pay") and leaves
 * (disbursement, "transfer") a member's mobile-money wallet. Adapters: SandboxMobileMoney,
 * MtnMomoMobileMoney, AirtelMobileMoney.
 *
 * Guarantees (every adapter)
 * - `reference` is our idempotency reference, persisted by the caller before the first attempt:
 *   a retry with the same reference creates nothing new at the provider and answers the first
 *   outcome (MTN answers 409 for a reused X-Reference-Id: the adapter reads it as success).
 * - A transfer moves whole francs (DOMAIN: "mobile money moves whole francs"): callers split
 *   with `Money.splitWholeFrancs` and keep the fraction in the ledger; an adapter given a
 *   fraction throws (`Money.toWholeFrancs`), since that is a bug, not a provider answer.
 * - `ok` means the provider accepted the request. A collection is only money once the provider's
 *   callback confirms it; a transfer debits our wallet at the provider, so the ledger moves it to
 *   the provider's clearing account when the transfer is accepted.
 */
import type { Money } from '../money/money.ts';
import type { Result } from '../shared/result.ts';

/** One mobile-money clearing account per provider in the ledger. */
export type MobileMoneyProvider = 'mtn' | 'airtel' | 'sandbox';

export interface MobileMoneyRequest {
  reference: string;
  provider: MobileMoneyProvider;
  /** E.164 with the + ("+250788123456"); the adapter reshapes it for its provider. */
  msisdn: string;
  amount: Money;
  /** Shown to the member on their phone ("Ikimina: Tontine June"). */
  description: string;
}

/** refused: the provider said no (unknown payer, limit, not enough funds). unavailable: retry later. */
export type MobileMoneyError = 'mobile_money_refused' | 'mobile_money_unavailable';

export interface MobileMoney {
  requestToPay(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>>;
  transfer(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>>;
}
