/**
 * DecideLoanApplication: the instant decision on an application (the step ApplyForLoan takes once
 * the key facts are accepted, on the assessment they were computed from): validate, check
 * eligibility, decide at once.
 *
 * Guarantees
 * - Eligibility is loan-eligibility.ts's rule, the one the Loans page checklist shows: a loan needs
 *   a verified national ID, no overdue loan and no other application awaiting a decision or
 *   disbursement, each refused with its own code.
 * - The amount may not exceed the loan limit less the principal still outstanding on the member's
 *   other loans (`loan_exceeds_limit`): savings are the collateral and count once.
 * - Within the limit, a score ≥ 600 is approved at once; below it the loan waits as `pending` for
 *   an admin. The score is the assessment given (the one the key facts named), the rate its band,
 *   and the decision carries its reason as a code with its figures (`instant_approval` or
 *   `score_below_minimum`, decision-reason.ts), which each channel words in the member's language.
 * - The decision (approved, or referred to an officer) is recorded in the audit trail in the same
 *   unit of work, by `system`, with the score and the scorecard version it was made on.
 */
import type { AuditTrail } from '../audit/ports.ts';
import { SYSTEM_ACTOR } from '../audit/ports.ts';
import { Money } from '../money/money.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { loanEligibility, requirementOf } from './loan-eligibility.ts';
import { INSTANT_APPROVAL_MIN_SCORE, annualRateForScore, validateLoanApplication, type LoanApplicationError } from './loan-terms.ts';
import type { Loan } from './loan.ts';
import type { DecisionReason } from './decision-reason.ts';
import type { Borrowers, LoanRepository } from './ports.ts';

export interface DecideLoanApplicationDeps {
  loans: LoanRepository;
  borrowers: Borrowers;
  audit: AuditTrail;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export interface DecideLoanApplicationInput {
  memberId: string;
  amount: Money;
  termMonths: number;
  purpose: string;
  /** The assessment the application is decided on: its score sets the rate and the instant approval. */
  assessment: { score: number; modelVersion: string };
  /** The member's idempotency key, stored with the loan (see ApplyForLoan). */
  applicationKey?: string;
}

export type DecideLoanApplicationError =
  | LoanApplicationError
  | 'member_not_found'
  | 'identity_not_verified'
  | 'has_overdue_loan'
  | 'loan_application_open'
  | 'loan_exceeds_limit';

export class DecideLoanApplication {
  constructor(private readonly deps: DecideLoanApplicationDeps) {}

  async execute(input: DecideLoanApplicationInput): Promise<Result<Loan, DecideLoanApplicationError>> {
    const deps = this.deps;
    const application = validateLoanApplication(input);
    if (!application.ok) return application;
    return deps.uow.run(async () => {
      const profile = await deps.borrowers.profileOf(input.memberId);
      if (!profile) return err('member_not_found');
      const now = deps.clock.now();
      const loans = await deps.loans.findByMember(input.memberId);
      const eligibility = loanEligibility({ identityVerified: profile.identityVerified, savingsBalance: profile.savingsBalance, loans }, now);
      if (requirementOf(eligibility, 'identity_verified').status === 'missing') return err('identity_not_verified');
      if (requirementOf(eligibility, 'no_overdue_loan').status === 'missing') return err('has_overdue_loan');
      if (requirementOf(eligibility, 'no_open_application').status === 'missing') return err('loan_application_open');
      const available = eligibility.availableCredit;
      if (application.value.amount.greaterThan(available)) return err('loan_exceeds_limit');

      const { score, modelVersion } = input.assessment;
      const approved = score >= INSTANT_APPROVAL_MIN_SCORE;
      const reason: DecisionReason = approved
        ? { code: 'instant_approval', amount: application.value.amount, available, score, minimumScore: INSTANT_APPROVAL_MIN_SCORE }
        : { code: 'score_below_minimum', score, minimumScore: INSTANT_APPROVAL_MIN_SCORE };
      const loan: Loan = {
        id: deps.ids.newId(),
        memberId: input.memberId,
        ...application.value,
        annualRateBps: annualRateForScore(score),
        creditScore: score,
        status: approved ? 'approved' : 'pending',
        appliedAt: now,
        ...(approved ? { decidedAt: now, decidedBy: SYSTEM_ACTOR } : {}),
        schedule: [],
        totalPaid: Money.ZERO,
        decisionReason: reason,
        ...(input.applicationKey === undefined ? {} : { applicationKey: input.applicationKey }),
      };
      await deps.loans.save(loan);
      await deps.audit.record({
        action: approved ? 'loan_approved' : 'loan_referred',
        actor: SYSTEM_ACTOR,
        subject: `loan:${loan.id}`,
        details: { memberId: loan.memberId, amount: loan.amount.toDecimal(), termMonths: loan.termMonths, creditScore: score, modelVersion, minimumScore: INSTANT_APPROVAL_MIN_SCORE },
      });
      return ok(loan);
    });
  }
}
