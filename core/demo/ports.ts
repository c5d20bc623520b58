/**
 * Ports of the demo world (seed-demo-world.ts): what the seed needs besides the savings use cases.
 */
import type { AuditActor } from '../audit/ports.ts';
import type { Loan } from '../loans/loan.ts';
import type { LoanApplication } from '../loans/loan-terms.ts';
import type { KeyFactsStatement } from '../loans/ports.ts';
import type { StartLoanRepaymentInput } from '../loans/start-loan-repayment.ts';
import type { SubmitLoanApplicationInput } from '../loans/submit-loan-application.ts';
import type { PaymentDirection } from '../payments/ports.ts';
import type { Result } from '../shared/result.ts';

/** A payment the sandbox provider made final at the demo's request. */
export interface ApprovedPayment {
  direction: PaymentDirection;
  reference: string;
}

/**
 * The embedded sandbox provider, where the demo's members approve their pending payments at once,
 * as each would by typing their PIN. Only the sandbox has it: real money is never seeded.
 */
export interface SandboxApprovals {
  /** Every payment the provider still holds as pending becomes successful now (no callback: the caller asks). */
  approvePending(): Promise<ApprovedPayment[]>;
}

/**
 * The lending use cases the demo takes, as the member and an officer call them (the loans module
 * is wired in apps; this keeps the seed to their inputs and answers).
 */
export interface DemoLending {
  showKeyFacts(input: LoanApplication & { memberId: string }): Promise<Result<KeyFactsStatement, string>>;
  apply(input: SubmitLoanApplicationInput): Promise<Result<{ outcome: 'created' | 'exists'; loan: Loan }, string>>;
  /** An officer's approval of a loan that waits for review; an approved loan is disbursed at once. */
  approve(input: { loanId: string; reason: string; decidedBy: AuditActor }): Promise<Result<Loan, string>>;
  startRepayment(input: StartLoanRepaymentInput): Promise<Result<unknown, string>>;
  loanOf(memberId: string, loanId: string): Promise<Loan | undefined>;
}
