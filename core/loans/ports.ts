/**
 * Ports of the loans module. Use cases take only the ones they need.
 */
import type { CreditAssessmentResult } from '../credit/scorecard.ts';
import type { Money } from '../money/money.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import type { KeyFacts } from './amortisation.ts';
import type { Loan } from './loan.ts';

export interface LoanRepository {
  findById(id: string): Promise<Loan | undefined>;
  findByMember(memberId: string): Promise<Loan[]>;
  /** The member's loan applied for under this idempotency key. */
  findByApplicationKey(memberId: string, applicationKey: string): Promise<Loan | undefined>;
  /** Loans waiting for an admin's review, oldest first. */
  findPending(): Promise<Loan[]>;
  /** Loans in `active` or `overdue`, for the scheduled status refresh. */
  findDisbursed(): Promise<Loan[]>;
  save(loan: Loan): Promise<void>;
  findRepayment(provider: MobileMoneyProvider, providerReference: string): Promise<LoanRepayment | undefined>;
  /** The loan's confirmed repayments, in the order they came. */
  listRepayments(loanId: string): Promise<LoanRepayment[]>;
  saveRepayment(repayment: LoanRepayment): Promise<void>;
}

/** One confirmed repayment, keyed by the provider's reference so a repeated callback is seen. */
export interface LoanRepayment {
  readonly id: string;
  readonly loanId: string;
  readonly provider: MobileMoneyProvider;
  readonly providerReference: string;
  readonly amount: Money;
  readonly interest: Money;
  readonly principal: Money;
  readonly receivedAt: Date;
}

/** What lending needs to know about a member, gathered by the composition root from identity, savings and credit. */
export interface BorrowerProfile {
  readonly identityVerified: boolean;
  /** Completed contributions − payouts received, over all groups, floored at 0. */
  readonly savingsBalance: Money;
  /** The member's credit score now: the scorecard over their records at this instant (core/credit). */
  readonly creditScore: number;
  /** The scorecard version that produced it. */
  readonly creditModelVersion: string;
  /** Where a disbursement goes; undefined when the member has no mobile-money number yet. */
  readonly wallet?: { readonly provider: MobileMoneyProvider; readonly msisdn: string };
}

export interface Borrowers {
  profileOf(memberId: string): Promise<BorrowerProfile | undefined>;
}

/** What a member has saved, the collateral of their loans (core/contributions `savingsBalance`). */
export interface MemberSavings {
  savingsBalanceOf(memberId: string): Promise<Money>;
}

/** The instalment reminders already sent, each recorded once under its key (loan-reminders.ts). */
export interface LoanReminderNotices {
  /** Those of `keys` recorded before. */
  sentKeys(keys: readonly string[]): Promise<Set<string>>;
  /** Records the key at `at`; false when it was recorded before (in a database: by a UNIQUE key). */
  recordOnce(key: string, at: Date): Promise<boolean>;
}

/** What a collection pays: the next instalment still due, or everything still owed. */
export type RepaymentScope = 'instalment' | 'balance';

/**
 * One repayment asked of the member's wallet (a mobile-money "request to pay"), before the
 * provider confirms it. Its `reference` is ours and is sent to the provider.
 */
export interface LoanCollection {
  readonly id: string;
  readonly loanId: string;
  readonly memberId: string;
  readonly idempotencyKey: string;
  /** `loan-repayment:<id>`: the provider reference, and how a callback finds this collection. */
  readonly reference: string;
  readonly provider: MobileMoneyProvider;
  readonly msisdn: string;
  readonly scope: RepaymentScope;
  readonly amount: Money;
  readonly status: 'requested' | 'succeeded' | 'failed';
  readonly requestedAt: Date;
  readonly settledAt?: Date;
  /** The provider's reason for a failure (MTN `NOT_ENOUGH_FUNDS` …). */
  readonly failureReason?: string;
}

export interface LoanCollectionRepository {
  /**
   * Inserts the collection unless the member already used its idempotency key; in a database
   * the second of two concurrent inserts waits for the first and answers `exists`.
   */
  add(collection: LoanCollection): Promise<'added' | 'exists'>;
  findByKey(memberId: string, idempotencyKey: string): Promise<LoanCollection | undefined>;
  findByReference(reference: string): Promise<LoanCollection | undefined>;
  listByLoan(loanId: string): Promise<LoanCollection[]>;
  save(collection: LoanCollection): Promise<void>;
  /**
   * Up to `limit` collections still awaiting the provider, requested before `instant`, the least
   * recently polled first; marked polled at `now`, so every one is asked about in turn.
   */
  listRequestedOlderThan(instant: Date, limit: number, now: Date): Promise<LoanCollection[]>;
}

/** A key facts statement shown to a member (BNR Regulation 02/2016), and whether they accepted it. */
export interface KeyFactsStatement {
  readonly id: string;
  readonly memberId: string;
  readonly facts: KeyFacts;
  readonly shownAt: Date;
  /**
   * The assessment the facts were computed from, at `shownAt` (its score's band is the rate): the
   * application is decided on it. Absent on statements shown before it was kept with them.
   */
  readonly assessment?: CreditAssessmentResult;
  readonly acceptedAt?: Date;
  /** The loan applied for on this statement, once accepted. */
  readonly loanId?: string;
}

export interface KeyFactsStatementRepository {
  findById(id: string): Promise<KeyFactsStatement | undefined>;
  findByLoan(loanId: string): Promise<KeyFactsStatement | undefined>;
  save(statement: KeyFactsStatement): Promise<void>;
}
