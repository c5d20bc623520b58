/**
 * RecommendLoans: the member reads what they could borrow now (loan-recommendations.ts
 * `recommendLoans` keeps the rules), from their own limit, score and savings.
 *
 * Guarantees
 * - An unknown member gets no recommendation.
 */
import { recommendLoans, type LoanRecommendation } from './loan-recommendations.ts';
import { availableCredit } from './loan-summary.ts';
import type { Borrowers, LoanRepository } from './ports.ts';

export class RecommendLoans {
  constructor(private readonly deps: { borrowers: Borrowers; loans: LoanRepository }) {}

  async execute(input: { memberId: string }): Promise<LoanRecommendation[]> {
    const [profile, loans] = await Promise.all([this.deps.borrowers.profileOf(input.memberId), this.deps.loans.findByMember(input.memberId)]);
    if (!profile) return [];
    return recommendLoans({ available: availableCredit(profile.savingsBalance, loans), creditScore: profile.creditScore, savingsBalance: profile.savingsBalance });
  }
}
