/** Ports of the merchants module (merchants, their payments, and the commissions those earn). */
import type { Agent } from '../agents/agent.ts';
import type { Commission } from '../agents/commission.ts';
import type { KybStatus, Merchant, MerchantStatus } from './merchant.ts';
import type { MerchantCardRefund } from './merchant-card-refund.ts';
import type { ComplianceDetails, RegisteredMerchant } from './merchant-profile.ts';
import type { MerchantReasonCode } from './merchant-reason.ts';
import type { MerchantPaymentReversal } from './merchant-reversal.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { SettlementBatch } from '../settlements/settlement-batch.ts';

export interface MerchantRepository {
  findById(id: string): Promise<Merchant | undefined>;
  save(merchant: Merchant): Promise<void>;
}

export interface MerchantTransactionRepository {
  findByReference(transactionReference: string): Promise<MerchantTransaction | undefined>;
  save(transaction: MerchantTransaction): Promise<void>;
  /**
   * Holds off the merchant's settlement until the unit of work ends (a shared hold: payments of
   * one merchant still complete concurrently), and waits for a settlement under way to commit.
   * Answers where the merchant's last batch closed its range (undefined if none by range). A
   * confirmation takes it before it reads the clock and completes no earlier than that answer, so
   * a payment's completion time is never inside a closed range (docs/decisions/0040-settlement-by-range.md).
   */
  holdSettlementOf(merchantId: string): Promise<Date | undefined>;
  /** The transaction started under this idempotency key, if any. */
  findByIdempotencyKey(idempotencyKey: string): Promise<MerchantTransaction | undefined>;
  /**
   * Stores a new transaction that carries an idempotency key; answers `idempotency_key_taken`
   * (storing nothing) when another transaction holds the key: the store's unique key decides a race.
   */
  start(transaction: MerchantTransaction & { idempotencyKey: string }): Promise<'started' | 'idempotency_key_taken'>;
}

export interface AgentLookup {
  findById(id: string): Promise<Agent | undefined>;
}

/** Merchants as registered (profile and statuses), for registration, the owner's screens and the pay page. */
export interface MerchantRegistry {
  findRegistered(id: string): Promise<RegisteredMerchant | undefined>;
  findByCode(merchantCode: string): Promise<RegisteredMerchant | undefined>;
  /** Every merchant whose KYB awaits review, oldest registration first (the admin's queue). */
  listAwaitingKyb(): Promise<RegisteredMerchant[]>;
  /** The member's merchants, oldest first (the first is the screens' default). */
  listByOwner(ownerId: string): Promise<RegisteredMerchant[]>;
  /** Stores a new merchant; answers `merchant_code_taken` when the code is held. */
  register(merchant: RegisteredMerchant): Promise<'registered' | 'merchant_code_taken'>;
  markQrGenerated(id: string, at: Date): Promise<void>;
  /** The reason of the status just decided (null for verified or reinstated); any note of an older reason goes with it. */
  saveStatusReason(id: string, code: MerchantReasonCode | null): Promise<void>;
  /**
   * Replaces the compliance details only while KYB is still pending, checked and written at once
   * (an admin's decision committed meanwhile wins): answers whether they were written.
   */
  saveComplianceWhileKybPending(id: string, details: ComplianceDetails): Promise<boolean>;
}

/** Reads of one merchant's payments for its payments screen and exports. */
export interface MerchantPaymentReads {
  /** The merchant's transactions created in [from, to) (every one without bounds), newest first. */
  listForMerchant(merchantId: string, range: { from?: Date; to?: Date }): Promise<MerchantTransaction[]>;
  findById(id: string): Promise<MerchantTransaction | undefined>;
}

/** Reversals of merchant payments (one per payment). */
export interface MerchantReversals {
  findByTransaction(transactionId: string): Promise<MerchantPaymentReversal | undefined>;
  /** Stores it; answers `already_reversed` (storing nothing) when the payment has one: the store's unique key decides a race. */
  add(reversal: MerchantPaymentReversal): Promise<'added' | 'already_reversed'>;
  /** The merchant's reversals dated in [from, until), oldest first: a batch's negative lines. */
  listInRange(merchantId: string, from: Date, until: Date): Promise<MerchantPaymentReversal[]>;
  /** The merchant's reversals no batch holds yet (dated from its latest batch's range end on), oldest first. */
  listAwaitingSettlement(merchantId: string): Promise<MerchantPaymentReversal[]>;
  /** Every reversal of the merchant's payments (rare: an admin's act), for the owner's transactions list. */
  listForMerchant(merchantId: string): Promise<MerchantPaymentReversal[]>;
}

/** Refunds of merchants' card payments back to the card (one row per payment). */
export interface MerchantCardRefunds {
  /** Locks the row in the caller's transaction, so it is asked, settled or asked again once. */
  findByTransaction(transactionId: string): Promise<MerchantCardRefund | undefined>;
  /** Stores a new one; `exists` (storing nothing) when the payment has one: the store's unique key decides a race. */
  add(refund: MerchantCardRefund): Promise<'added' | 'exists'>;
  save(refund: MerchantCardRefund): Promise<void>;
  /** Refunds still requested or pending and not disputed, updated before `instant`, least recently asked first; marks them asked at `now`. */
  listOpenOlderThan(instant: Date, limit: number, now: Date): Promise<MerchantCardRefund[]>;
  /** For an admin, without locking: the refunds still open (requested or pending, disputed or not), or only the disputed ones; oldest first. */
  listForAdmin(filter: { disputed: boolean }, limit: number): Promise<MerchantCardRefund[]>;
  /** Every card refund of the merchant's payments, in one read and without locking: the owner's transactions list. */
  listForMerchant(merchantId: string): Promise<MerchantCardRefund[]>;
}

/** The commission a transaction earned, if any (one per transaction): a reversal takes it back while it is pending. */
export interface CommissionOfTransaction {
  findByTransaction(transactionId: string): Promise<Commission | undefined>;
}

/** The merchant's settlement batches, for its payments screen. */
export interface SettlementReads {
  /** The merchant's batches whose period starts in [from, to) (every one without bounds), newest first. */
  listForMerchant(merchantId: string, range: { from?: Date; to?: Date }): Promise<SettlementBatch[]>;
}

/** A merchant as the admin's list shows it (`merchants list`), with its card refunds still open at the processor. */
export interface MerchantSummary {
  readonly id: string;
  readonly merchantCode: string;
  readonly businessName: string;
  readonly district: string;
  readonly merchantStatus: MerchantStatus;
  readonly kybStatus: KybStatus;
  readonly onboardedByAgentId: string | null;
  /** A rejection's or suspension's reason code; `statusReasonNote`: the words stored before codes, or the admin's note (admins only). */
  readonly statusReasonCode: string | null;
  readonly statusReasonNote: string | null;
  /** Card refunds requested or pending at the processor. */
  readonly openCardRefunds: number;
}

/** Every merchant, oldest registration first: the admin's list. */
export interface MerchantListing {
  listAll(): Promise<MerchantSummary[]>;
}
