/**
 * Decide a pending loan (admin, from the CLI): approve or reject.
 *
 * Guarantees
 * - Only a `pending` loan is decided; deciding twice is `loan_transition_not_allowed`.
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { transitionLoan, type Loan } from './loan.ts';
import type { LoanRepository } from './ports.ts';

export interface DecideLoanDeps {
  loans: LoanRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
}

export async function decideLoan(
  deps: DecideLoanDeps,
  input: { loanId: string; decision: 'approve' | 'reject' },
): Promise<Result<Loan, 'loan_not_found' | 'loan_transition_not_allowed'>> {
  return deps.unitOfWork.run(async () => {
    const loan = await deps.loans.findById(input.loanId);
    if (!loan) return err('loan_not_found');
    const status = transitionLoan(loan.status, input.decision);
    if (!status.ok) return status;
    const decided: Loan = { ...loan, status: status.value, decidedAt: deps.clock.now() };
    await deps.loans.save(decided);
    return ok(decided);
  });
}
