/**
 * SummarizeLoans: the member reads the figures of their Loans page cards and dashboard
 * (loan-summary.ts `summarizeLoans` keeps the rules), from their loans, savings and latest score.
 */
import type { CreditAssessmentRepository } from '../credit/ports.ts';
import type { Clock } from '../shared/clock.ts';
import { summarizeLoans, type LoanSummary } from './loan-summary.ts';
import type { LoanRepository, MemberSavings } from './ports.ts';

export interface SummarizeLoansDeps {
  loans: LoanRepository;
  savings: MemberSavings;
  assessments: CreditAssessmentRepository;
  clock: Clock;
}

export class SummarizeLoans {
  constructor(private readonly deps: SummarizeLoansDeps) {}

  async execute(input: { memberId: string }): Promise<LoanSummary> {
    const { loans, savings, assessments, clock } = this.deps;
    const [memberLoans, savingsBalance, latestAssessment] = await Promise.all([
      loans.findByMember(input.memberId),
      savings.savingsBalanceOf(input.memberId),
      assessments.latestFor(input.memberId),
    ]);
    return summarizeLoans(memberLoans, { now: clock.now(), savingsBalance, latestAssessment });
  }
}
