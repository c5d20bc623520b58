/**
 * ShowLoanPayments: the member reads what they paid on one of their loans: the confirmed
 * repayments and every repayment asked of their wallet (with its status and reason).
 *
 * Guarantees
 * - Another member's loan answers undefined, exactly like an unknown id (ShowLoan).
 */
import type { Loan } from './loan.ts';
import type { LoanCollection, LoanCollectionRepository, LoanRepayment, LoanRepository } from './ports.ts';
import { ShowLoan, type MemberLoanInput } from './show-loan.ts';

export interface LoanPayments {
  loan: Loan;
  repayments: LoanRepayment[];
  collections: LoanCollection[];
}

export class ShowLoanPayments {
  private readonly showLoan: ShowLoan;

  constructor(private readonly deps: { loans: LoanRepository; collections: LoanCollectionRepository }) {
    this.showLoan = new ShowLoan(deps);
  }

  async execute(input: MemberLoanInput): Promise<LoanPayments | undefined> {
    const loan = await this.showLoan.execute(input);
    if (!loan) return undefined;
    const [repayments, collections] = await Promise.all([this.deps.loans.listRepayments(loan.id), this.deps.collections.listByLoan(loan.id)]);
    return { loan, repayments, collections };
  }
}
