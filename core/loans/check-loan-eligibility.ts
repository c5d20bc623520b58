/**
 * CheckLoanEligibility: the member reads what borrowing needs and what they still miss (the Loans
 * page checklist, the dashboard's available credit, the assistant), by the rule of
 * loan-eligibility.ts that also decides an application.
 *
 * Guarantees
 * - Read from the member's own records only: identity, savings and loans (Borrowers, LoanRepository)
 *   and their scoring consent; nothing is written.
 * - An unknown member is `member_not_found`.
 */
import type { ScoringConsents } from '../credit/ports.ts';
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { loanEligibility, type LoanEligibility } from './loan-eligibility.ts';
import type { Borrowers, LoanRepository } from './ports.ts';

export interface CheckLoanEligibilityDeps {
  borrowers: Borrowers;
  loans: LoanRepository;
  consents: ScoringConsents;
  clock: Clock;
}

export class CheckLoanEligibility {
  constructor(private readonly deps: CheckLoanEligibilityDeps) {}

  async execute(input: { memberId: string }): Promise<Result<LoanEligibility, 'member_not_found'>> {
    const { borrowers, loans, consents, clock } = this.deps;
    const [profile, memberLoans, consentedAt] = await Promise.all([
      borrowers.profileOf(input.memberId),
      loans.findByMember(input.memberId),
      consents.consentedAt(input.memberId),
    ]);
    if (!profile) return err('member_not_found');
    return ok(
      loanEligibility({ identityVerified: profile.identityVerified, savingsBalance: profile.savingsBalance, loans: memberLoans, scoringConsentedAt: consentedAt }, clock.now()),
    );
  }
}
