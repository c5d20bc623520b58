/**
 * Ports of the loans module. Use cases take only the ones they need.
 */
import type { Money } from '../money/money.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import type { Loan } from './loan.ts';

export interface LoanRepository {
  findById(id: string): Promise<Loan | undefined>;
  findByMember(memberId: string): Promise<Loan[]>;
  /** Loans in `active` or `overdue`, for the scheduled status refresh. */
  findDisbursed(): Promise<Loan[]>;
  save(loan: Loan): Promise<void>;
  findRepayment(provider: MobileMoneyProvider, providerReference: string): Promise<LoanRepayment | undefined>;
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
  /** The member's latest credit score (core/credit). */
  readonly creditScore: number;
  /** Where a disbursement goes; undefined when the member has no mobile-money number yet. */
  readonly wallet?: { readonly provider: MobileMoneyProvider; readonly msisdn: string };
}

export interface Borrowers {
  profileOf(memberId: string): Promise<BorrowerProfile | undefined>;
}
