/**
 * ShowKeyFactsStatement: the member reads again the key facts statement they accepted for one of
 * their loans (BNR Regulation 02/2016: the disclosure stays available to the borrower).
 *
 * Guarantees
 * - Another member's loan answers undefined, exactly like an unknown id (ShowLoan); so does a loan
 *   applied for without a statement.
 */
import type { KeyFactsStatement, KeyFactsStatementRepository, LoanRepository } from './ports.ts';
import { ShowLoan, type MemberLoanInput } from './show-loan.ts';

export class ShowKeyFactsStatement {
  private readonly showLoan: ShowLoan;

  constructor(private readonly deps: { loans: LoanRepository; statements: KeyFactsStatementRepository }) {
    this.showLoan = new ShowLoan(deps);
  }

  async execute(input: MemberLoanInput): Promise<KeyFactsStatement | undefined> {
    const loan = await this.showLoan.execute(input);
    return loan && this.deps.statements.findByLoan(loan.id);
  }
}
