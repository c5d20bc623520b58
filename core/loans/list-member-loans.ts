/** ListMemberLoans: the member reads all their loans (the Loans page, the USSD loans menu). */
import type { Loan } from './loan.ts';
import type { LoanRepository } from './ports.ts';

export class ListMemberLoans {
  constructor(private readonly deps: { loans: LoanRepository }) {}

  execute(input: { memberId: string }): Promise<Loan[]> {
    return this.deps.loans.findByMember(input.memberId);
  }
}
