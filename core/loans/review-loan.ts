/**
 * ReviewLoan: a loan officer decides a pending loan (DecideLoan); an approved loan is disbursed at
 * once (disburse-loan.ts: stored, then sent).
 *
 * Guarantees
 * - The decision commits (with its audit row and the member's notice) before the disbursement is
 *   booked; a refused decision disburses nothing.
 * - A provider refusal leaves the loan approved with a retry due, an unreachable provider leaves
 *   the booked attempt to be re-sent (disburse-loan.ts); either way the loan as it is now is
 *   answered, and the decision stands.
 */
import { ok, type Result } from '../shared/result.ts';
import { DecideLoan, type DecideLoanDeps, type DecideLoanError, type DecideLoanInput } from './decide-loan.ts';
import { DisburseLoan, type DisburseLoanDeps } from './disburse-loan.ts';
import type { Loan } from './loan.ts';

export type ReviewLoanDeps = DecideLoanDeps & DisburseLoanDeps;

export class ReviewLoan {
  private readonly decideLoan: DecideLoan;

  constructor(private readonly deps: ReviewLoanDeps) {
    this.decideLoan = new DecideLoan(deps);
  }

  async execute(input: DecideLoanInput): Promise<Result<Loan, DecideLoanError>> {
    const decided = await this.decideLoan.execute(input);
    if (!decided.ok || decided.value.status !== 'approved') return decided;
    const disbursed = await new DisburseLoan(this.deps).execute({ loanId: decided.value.id });
    return ok(disbursed.ok ? disbursed.value : ((await this.deps.loans.findById(decided.value.id)) ?? decided.value));
  }
}
