/**
 * Loan summary: the figures of the Loans page cards and the dashboard (spec part 2 §3: totalBorrowed,
 * activeLoanCount, nextPaymentAmount, creditScore, creditRating), from the member's real loans.
 *
 * Guarantees
 * - totalBorrowed = the amounts of every loan ever disbursed; activeLoanCount = loans active or
 *   overdue at `now`; the next payment is the earliest unpaid instalment over those loans, with what
 *   is still due on it (zero and no date when nothing is due).
 * - availableCredit = loan limit − principal outstanding or applied for, never below zero.
 * - The score and rating are the latest recorded assessment's, or null before the first one.
 */
import type { CreditRating } from '../credit/scorecard.ts';
import { Money } from '../money/money.ts';
import { loanLimit } from './loan-terms.ts';
import { nextPayment, principalOutstanding, statusAt, type Loan } from './loan.ts';

export interface LoanSummary {
  readonly totalBorrowed: Money;
  readonly activeLoanCount: number;
  readonly nextPaymentAmount: Money;
  /** Kigali day "YYYY-MM-DD", or null when nothing is due. */
  readonly nextPaymentDate: string | null;
  readonly availableCredit: Money;
  readonly creditScore: number | null;
  readonly creditRating: CreditRating | null;
}

/** What the member may still borrow: the limit less what their loans already take from it. */
export function availableCredit(savingsBalance: Money, loans: readonly Loan[]): Money {
  return Money.max(Money.ZERO, loanLimit(savingsBalance).minus(Money.sum(loans.map(principalOutstanding))));
}

export function summarizeLoans(
  loans: readonly Loan[],
  input: { now: Date; savingsBalance: Money; latestAssessment?: { score: number; rating: CreditRating } | undefined },
): LoanSummary {
  const running = loans.filter((loan) => ['active', 'overdue'].includes(statusAt(loan, input.now)));
  const next = running
    .map(nextPayment)
    .filter((due) => due !== undefined)
    .sort((a, b) => a.instalment.dueDate.localeCompare(b.instalment.dueDate))[0];
  return {
    totalBorrowed: Money.sum(loans.filter((loan) => loan.disbursedAt !== undefined).map((loan) => loan.amount)),
    activeLoanCount: running.length,
    nextPaymentAmount: next?.amountDue ?? Money.ZERO,
    nextPaymentDate: next?.instalment.dueDate ?? null,
    availableCredit: availableCredit(input.savingsBalance, loans),
    creditScore: input.latestAssessment?.score ?? null,
    creditRating: input.latestAssessment?.rating ?? null,
  };
}
