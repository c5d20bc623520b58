/**
 * ListPendingReviews: the loan officer reads the loans waiting for their decision, oldest first,
 * each with the applicant's latest score and the loan limit their savings give today.
 */
import { Money } from '../money/money.ts';
import { loanLimit } from './loan-terms.ts';
import type { Loan } from './loan.ts';
import type { Borrowers, LoanRepository } from './ports.ts';

export interface PendingReview {
  loan: Loan;
  /** The applicant's latest score (the one at application when the member is gone). */
  creditScore: number;
  loanLimit: Money;
}

export class ListPendingReviews {
  constructor(private readonly deps: { loans: LoanRepository; borrowers: Borrowers }) {}

  async execute(): Promise<PendingReview[]> {
    const reviews: PendingReview[] = [];
    for (const loan of await this.deps.loans.findPending()) {
      const profile = await this.deps.borrowers.profileOf(loan.memberId);
      reviews.push({ loan, creditScore: profile?.creditScore ?? loan.creditScore, loanLimit: loanLimit(profile?.savingsBalance ?? Money.ZERO) });
    }
    return reviews;
  }
}
