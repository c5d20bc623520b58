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
 * - `collectionStatus` / `transferStatus` answer the provider's view of one reference, for the
 *   polling job: a provider callback comes at most once (MTN never retries it), so a payment
 *   still pending after a while is asked about, never assumed.
 * - A provider callback is read by a pure `MobileMoneyCallbackParser` of its adapter into a
 *   `MobileMoneyStatusReport` keyed by our reference; a body it cannot read is an error value,
 *   never a guess.
 */
import type { Money } from '../money/money.ts';
import type { Result } from '../shared/result.ts';

/**
 * One clearing account per provider in the ledger. `flutterwave` is the card processor
 * (core/payments/card-checkout.ts): a payment stored under it is a card payment, collected through
 * the hosted checkout and confirmed by its verify call, never asked of a mobile-money adapter.
 */
export type MobileMoneyProvider = 'mtn' | 'airtel' | 'sandbox' | 'flutterwave';

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

/** unknown: the provider has no payment under this reference (the request never reached it). */
export type MobileMoneyStatusError = 'mobile_money_unavailable' | 'mobile_money_reference_unknown';

export type MobileMoneyStatus = 'pending' | 'successful' | 'failed';

/** The provider's word on one payment, from a status query or a callback. */
export interface MobileMoneyStatusReport {
  /** Our reference, as given in the request (the provider reference the adapter answered). */
  reference: string;
  status: MobileMoneyStatus;
  /**
   * The amount the provider reports; compare it with ours, never book it blindly. Undefined when
   * the provider's answer states none (Airtel's enquiry): the payer approved the amount we asked
   * in the provider's own PIN prompt, so ours stands.
   */
  amount: Money | undefined;
  /** The provider's currency code (MTN's sandbox only speaks EUR). */
  currency: string;
  /** The provider's own transaction id, once it has one (MTN `financialTransactionId`). */
  providerTransactionId: string | undefined;
  /** Why a payment failed, in the provider's words (MTN `NOT_ENOUGH_FUNDS`, `EXPIRED` …). */
  reason: string | undefined;
}

/** A provider's callback, parsed: same shape as a status query's answer. */
export type MobileMoneyCallback = MobileMoneyStatusReport;

/**
 * Reads one callback body (JSON already parsed); pure, no I/O. A callback route reads only the
 * reference it speaks of (`MobileMoneyCallbackParser<{ reference: string }>`): the body is a hint,
 * the provider is asked and only its answer booked.
 */
export type MobileMoneyCallbackParser<C extends { reference: string } = MobileMoneyCallback> = (body: unknown) => Result<C, 'mobile_money_callback_invalid'>;

/**
 * The tokens of the callback URLs a provider is given: made for a payment's reference and
 * direction when the provider is asked, checked (in constant time) when its callback comes.
 */
export interface CallbackUrlTokens {
  /** The URL the provider is given for this payment's callback. */
  urlFor(direction: PaymentDirection, reference: string): string;
  /** The direction this token was made for with this reference; undefined when it was not. */
  verify(token: string, reference: string): PaymentDirection | undefined;
}

export interface MobileMoney {
  requestToPay(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>>;
  transfer(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>>;
  collectionStatus(provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>>;
  transferStatus(provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>>;
}

/**
 * What settling one report did. applied: booked now; exists: booked before (a repeat); failed:
 * the payment failed (a transfer is booked back and retried); pending: nothing final yet;
 * ignored: nothing to book (kept for the logs); disputed: the provider's word contradicts the
 * books or the request (amount, currency, a success after a booked failure): nothing is booked
 * and a dispute is raised for an admin.
 */
export type SettleOutcome = 'applied' | 'exists' | 'failed' | 'pending' | 'ignored' | 'disputed';
export type SettleError = 'payment_not_found' | 'payment_amount_mismatch';
/** What the payment is now, as the payer sees it. */
export interface Settled {
  outcome: SettleOutcome;
  paymentStatus: MobileMoneyStatus;
}

/** Which of the provider's products a payment belongs to, and so which status query tells its truth. */
export type PaymentDirection = 'collection' | 'transfer';

/** Why the provider's word was not booked. */
export type DisputeProblem = 'amount_mismatch' | 'currency_mismatch' | 'contradicts_books';

export interface PaymentDispute {
  reference: string;
  direction: PaymentDirection;
  problem: DisputeProblem;
  /** The status the provider reported (from its own status answer, never a callback's body). */
  reportedStatus: MobileMoneyStatus;
  /** Undefined when the provider's answer states no amount (Airtel). */
  reportedAmount: Money | undefined;
  reportedCurrency: string;
  providerTransactionId: string | undefined;
  reason: string | undefined;
  raisedAt: Date;
}

/**
 * Provider reports that were not booked because they contradict the books, kept for an admin
 * (`npm run admin -- transfers list --status disputed`). Raising the same dispute again (the same
 * reference, problem and reported status, as a repeated poll does) answers `exists`.
 */
export interface PaymentDisputes {
  raise(dispute: PaymentDispute): Promise<'raised' | 'exists'>;
}

/** What a payment moves: a member's contribution in, a savings withdrawal or a payout out. */
export type PaymentKind = 'contribution' | 'withdrawal' | 'payout';
/** The payment's state as the payer follows it (the provider's words). */
export type PaymentStatus = MobileMoneyStatus;

/** One mobile-money payment (a contribution's collection attempt, a transfer's attempt) as the member and the polling job see it. */
export interface PaymentRecord {
  id: string;
  kind: PaymentKind;
  provider: MobileMoneyProvider;
  reference: string;
  memberId: string;
  idempotencyKey: string | null;
  contributionId: string | null;
  tontineId: string;
  amount: Money;
  phoneNumber: string;
  status: PaymentStatus;
  reason: string | null;
  providerTransactionId: string | null;
  createdAt: Date;
  completedAt: Date | null;
  /** 1 for a contribution; for a payout or withdrawal, which attempt to send it this is. */
  attempt: number;
}

/** One member's idempotency key, as a payment request carries it. */
export interface MemberIdempotencyKey {
  memberId: string;
  idempotencyKey: string;
}

/** The key of `PaymentRepository.findByMemberKeys`' answer: one member's idempotency key. */
export function memberKey(memberId: string, idempotencyKey: string): string {
  return `${memberId} ${idempotencyKey}`;
}

/**
 * PaymentRepository: the payments as stored, for the member's screens, the payment use cases and
 * the settlement of provider reports. Contributions write their attempts through the
 * ContributionRepository; transfers through their own attempts port.
 *
 * Guarantees (every adapter)
 * - An id or member id that cannot exist (not a UUID) finds nothing, never an error.
 * - `listPendingOlderThan` answers the payments still pending that were created before the given
 *   instant, the least recently polled first (never polled first of all), and marks them polled
 *   now: every pending payment is asked about in turn, however many are stuck.
 */
export interface PaymentRepository {
  findById(id: string): Promise<PaymentRecord | undefined>;
  findByReference(reference: string): Promise<PaymentRecord | undefined>;
  /** The payments carrying these references (the first made, should a reference repeat across providers), by reference. */
  findByReferences(references: readonly string[]): Promise<Map<string, PaymentRecord>>;
  findByMemberKey(memberId: string, idempotencyKey: string): Promise<PaymentRecord | undefined>;
  /** The payments started under these members' idempotency keys, by `memberKey` (one read for a batch of requests). */
  findByMemberKeys(keys: readonly MemberIdempotencyKey[]): Promise<Map<string, PaymentRecord>>;
  /** Up to `limit` payments still pending, created before `instant`, the least recently polled first; marked polled at `now`. */
  listPendingOlderThan(instant: Date, limit: number, now: Date): Promise<PaymentRecord[]>;
  /**
   * Whether `error` is the store refusing a payment because a committed one of the same member
   * holds its idempotency key (two requests raced with one key).
   */
  isMemberKeyTaken(error: unknown): boolean;
}

/**
 * The provider a payment from or to this (payable, E.164) number goes through, chosen by the
 * number (078/079 MTN, 072/073 Airtel: core/payments/provider-routing.ts); `sandbox` for every
 * number in sandbox mode; undefined when no configured provider takes it. The provider chosen is
 * stored with the payment, so its status queries and callbacks go to the same provider.
 */
export type ProviderOfNumber = (msisdn: string) => MobileMoneyProvider | undefined;

/**
 * Who pays (or is paid) through this phone: the number the provider can be asked to collect from
 * or pay to and that number's provider (ProviderOfNumber); undefined when no configured
 * provider takes it. The one rule every channel and use case reads a payer's phone by.
 */
export type PayerOf = (phone: string) => { msisdn: string; provider: MobileMoneyProvider } | undefined;
