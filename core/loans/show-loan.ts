/**
 * ShowLoan: the member reads one of their loans.
 *
 * Guarantees
 * - Only the borrower reads their loan: another member's loan answers undefined, exactly like an
 *   unknown id, so a caller cannot learn which ids exist.
 */
import type { Loan } from './loan.ts';
import type { LoanRepository } from './ports.ts';

export interface MemberLoanInput {
  memberId: string;
  loanId: string;
}

export class ShowLoan {
  constructor(private readonly deps: { loans: LoanRepository }) {}

  async execute(input: MemberLoanInput): Promise<Loan | undefined> {
    const loan = await this.deps.loans.findById(input.loanId);
    return loan?.memberId === input.memberId ? loan : undefined;
  }
}
