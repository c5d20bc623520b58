/** Ports of the working-capital module. */
import type { Money } from '../money/money.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import type { Sale, WorkingCapitalLoan } from './working-capital.ts';

export interface WorkingCapitalLoans {
  findById(id: string): Promise<WorkingCapitalLoan | undefined>;
  /** The merchant's working capital, newest first. */
  listByMerchant(merchantId: string): Promise<WorkingCapitalLoan[]>;
  /** Stores a new one; `working_capital_open` (storing nothing) when the merchant has one open: the store's unique key decides a race. */
  add(loan: WorkingCapitalLoan): Promise<'added' | 'working_capital_open'>;
  save(loan: WorkingCapitalLoan): Promise<void>;
  /** Active or overdue working capital of these merchants (one at most each), locked until the unit of work ends. */
  repayingFor(merchantIds: readonly string[]): Promise<WorkingCapitalLoan[]>;
  /** Pending ones, oldest first (the admin's review queue). */
  listPending(): Promise<WorkingCapitalLoan[]>;
  /** Active or overdue ones (the daily job's reminders and overdue marks). */
  listRepaying(): Promise<WorkingCapitalLoan[]>;
}

export type RepaymentSource = 'settlement' | 'mobile_money' | 'card';

export interface WorkingCapitalRepayment {
  readonly id: string;
  readonly loanId: string;
  readonly source: RepaymentSource;
  /** The settlement batch withheld from, or the mobile-money or card collection's reference: unique. */
  readonly reference: string;
  readonly amount: Money;
  readonly principal: Money;
  readonly fee: Money;
  readonly at: Date;
}

export interface WorkingCapitalRepayments {
  /** `exists` when a repayment with this reference was recorded (a retried settlement or callback). */
  add(repayment: WorkingCapitalRepayment): Promise<'added' | 'exists'>;
  listByLoan(loanId: string): Promise<WorkingCapitalRepayment[]>;
  /** Repayments of the merchant's working capital withheld from these settlement batches. */
  listByReferences(references: readonly string[]): Promise<WorkingCapitalRepayment[]>;
}

/** A merchant's standing sales (completed, not reversed), for the offer. */
export interface MerchantSalesHistory {
  /** Sales completed at or after `since`, and the instant of the first completed sale ever. */
  salesOf(merchantId: string, since: Date): Promise<{ sales: Sale[]; firstSaleAt: Date | undefined }>;
}

/** What the settlement tells the withholding: a new batch's merchant and its whole-franc payout. */
export interface BatchToWithholdFrom {
  readonly id: string;
  readonly merchantId: string;
  readonly payoutAmount: Money;
  readonly createdAt: Date;
}

/** A repayment asked of the merchant's mobile money or paid by card (early, or a shortfall), until the provider's word. */
export interface WorkingCapitalCollection {
  readonly id: string;
  readonly loanId: string;
  /** `working-capital-repayment:<id>`: the provider's idempotency reference. */
  readonly reference: string;
  /** The mobile-money provider, or the card processor (`flutterwave`) for a card payment. */
  readonly provider: MobileMoneyProvider;
  /** The caller's key (a card payment's Idempotency-Key): the same key on the same advance answers this collection. */
  readonly idempotencyKey?: string | undefined;
  readonly msisdn: string;
  readonly amount: Money;
  readonly status: 'requested' | 'succeeded' | 'failed';
  readonly requestedAt: Date;
  readonly settledAt?: Date | undefined;
}

export interface WorkingCapitalCollections {
  /** `exists` (storing nothing) when the advance has a collection under the same idempotency key: the store's unique key decides a race. */
  add(collection: WorkingCapitalCollection): Promise<'added' | 'exists'>;
  save(collection: WorkingCapitalCollection): Promise<void>;
  /** Locked until the unit of work ends, so a callback and the polling job settle it once. */
  findByReference(reference: string): Promise<WorkingCapitalCollection | undefined>;
  listByLoan(loanId: string): Promise<WorkingCapitalCollection[]>;
  /** Requested ones created before `instant`, least recently asked first, marked asked now (the polling job). */
  listPendingOlderThan(instant: Date, limit: number, now: Date): Promise<{ provider: MobileMoneyProvider; transactionReference: string; amount: Money; requestedAt: Date }[]>;
}
