/**
 * DecideLoan: a loan officer approves or rejects a pending loan (the step ReviewLoan takes before
 * it disburses an approved loan).
 *
 * Guarantees
 * - Only a `pending` loan is decided; deciding twice is `loan_transition_not_allowed`.
 * - A rejection states its reason, one of OFFICER_REJECTION_CODES (`rejection_reason_required`
 *   when absent, `rejection_reason_unknown` for another word); an approval's reason is
 *   `officer_approved`. The reason is stored on the loan as a code (decision-reason.ts) and the
 *   member is notified in the same unit of work; the officer's own note, if any, goes only to the
 *   audit trail (it is in the officer's words, not the member's language).
 * - Who decided (`admin:<name>`) is stored on the loan and the decision is recorded in the audit
 *   trail in that same unit of work: no decision without its audit row, no row without the decision.
 */
import type { AuditActor, AuditTrail } from '../audit/ports.ts';
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { transitionLoan, type Loan } from './loan.ts';
import type { Notifier } from '../tontines/ports.ts';
import { decisionNotice } from './loan-notices.ts';
import type { LoanRepository } from './ports.ts';
import { isOfficerRejectionCode, type DecisionReason } from './decision-reason.ts';

export interface DecideLoanDeps {
  loans: LoanRepository;
  uow: UnitOfWork;
  clock: Clock;
  notifier: Notifier;
  audit: AuditTrail;
}

export interface DecideLoanInput {
  loanId: string;
  decision: 'approve' | 'reject';
  /** One of OFFICER_REJECTION_CODES; required to reject, ignored on an approval. */
  reason?: string;
  /** The officer's own words, kept in the audit trail only. */
  note?: string;
  decidedBy: AuditActor;
}

export type DecideLoanError = 'loan_not_found' | 'loan_transition_not_allowed' | 'rejection_reason_required' | 'rejection_reason_unknown';

export class DecideLoan {
  constructor(private readonly deps: DecideLoanDeps) {}

  async execute(input: DecideLoanInput): Promise<Result<Loan, DecideLoanError>> {
    const { loans, uow, clock, notifier, audit } = this.deps;
    const code = input.reason?.trim() ?? '';
    if (input.decision === 'reject' && code === '') return err('rejection_reason_required');
    if (input.decision === 'reject' && !isOfficerRejectionCode(code)) return err('rejection_reason_unknown');
    const decisionReason: DecisionReason = input.decision === 'reject' && isOfficerRejectionCode(code) ? { code } : { code: 'officer_approved' };
    const note = input.note?.trim() ?? '';
    return uow.run(async () => {
      const loan = await loans.findById(input.loanId);
      if (!loan) return err('loan_not_found');
      const status = transitionLoan(loan.status, input.decision);
      if (!status.ok) return status;
      const decided: Loan = { ...loan, status: status.value, decidedAt: clock.now(), decisionReason, decidedBy: input.decidedBy };
      await loans.save(decided);
      await audit.record({
        action: input.decision === 'approve' ? 'loan_approved' : 'loan_rejected',
        actor: input.decidedBy,
        subject: `loan:${loan.id}`,
        details: { memberId: loan.memberId, amount: loan.amount.toDecimal(), termMonths: loan.termMonths, creditScore: loan.creditScore, reason: decisionReason.code, ...(note ? { note } : {}) },
      });
      await notifier.notify(decisionNotice(decided));
      return ok(decided);
    });
  }
}
