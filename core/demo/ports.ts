/**
 * Ports of the demo world (seed-demo-world.ts): what the seed needs besides the savings use cases.
 */
import type { ApplyForLoan } from '../loans/apply-for-loan.ts';
import type { ReviewLoan } from '../loans/review-loan.ts';
import type { ShowKeyFacts } from '../loans/show-key-facts.ts';
import type { ShowLoan } from '../loans/show-loan.ts';
import type { StartLoanRepayment } from '../loans/start-loan-repayment.ts';
import type { PaymentDirection } from '../payments/ports.ts';
import type { VerifyNationalId } from '../identity/verify-national-id.ts';
import type { LocalDate } from '../shared/calendar.ts';

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
 * The demo member's national ID in the embedded sandbox register, and the use case that verifies
 * it as the member would (GET the record, compare the names, store the number encrypted). Only
 * with the sandbox register: a real register knows no demo person.
 */
export interface DemoIdentity {
  verifyNationalId: Pick<VerifyNationalId, 'execute'>;
  /** A test number of the sandbox register in the demo member's names (docs/identity.md). */
  idNumber: string;
  dateOfBirth: LocalDate;
}

/** The lending use cases the demo takes, as the member and an officer call them. */
export interface DemoLending {
  showKeyFacts: Pick<ShowKeyFacts, 'execute'>;
  applyForLoan: Pick<ApplyForLoan, 'execute'>;
  /** An officer's decision; an approved loan is disbursed at once. */
  reviewLoan: Pick<ReviewLoan, 'execute'>;
  startLoanRepayment: Pick<StartLoanRepayment, 'execute'>;
  showLoan: Pick<ShowLoan, 'execute'>;
}
