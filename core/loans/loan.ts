/**
 * Loan: its status, its repayments and when it is overdue.
 *
 * Guarantees
 * - Status moves only along: pending → approved | rejected; approved → active (disbursement
 *   booked); active → approved when that disbursement failed (booked back, due again; see
 *   disburse-loan.ts); active ⇄ overdue; active | overdue → repaid. Any other move is
 *   `loan_transition_not_allowed`.
 * - A repayment is applied to the instalments in order, and within each instalment to its interest
 *   first, then its principal; a loan is never paid beyond what its schedule owes.
 * - A loan is overdue at an instant when an instalment whose due day (Kigali) has ended is not
 *   fully paid; it is repaid when the schedule is paid in full.
 * - Each instalment's standing (`instalmentStandings`) counts what was paid on it, in the order
 *   payments fill the schedule: `paid` in full, else `overdue` once its due day (Kigali) has ended,
 *   else `partly_paid` or `upcoming`.
 */
import { Money } from '../money/money.ts';
import { addDays, compareDates, kigaliDateOf, kigaliInstant, parseDate } from '../shared/calendar.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import { totalOf, type Instalment } from './amortisation.ts';
import type { DecisionReason } from './decision-reason.ts';

export const LOAN_STATUSES = ['pending', 'approved', 'rejected', 'active', 'overdue', 'repaid'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export type LoanEvent = 'approve' | 'reject' | 'disburse' | 'disbursement_failed' | 'fall_overdue' | 'catch_up' | 'settle';

const TRANSITIONS: Readonly<Record<LoanEvent, { from: readonly LoanStatus[]; to: LoanStatus }>> = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  disburse: { from: ['approved'], to: 'active' },
  // Only from active: a loan overdue or repaid was really paid out, whatever a late report says.
  disbursement_failed: { from: ['active'], to: 'approved' },
  fall_overdue: { from: ['active'], to: 'overdue' },
  catch_up: { from: ['overdue'], to: 'active' },
  settle: { from: ['active', 'overdue'], to: 'repaid' },
};

export function transitionLoan(status: LoanStatus, event: LoanEvent): Result<LoanStatus, 'loan_transition_not_allowed'> {
  const rule = TRANSITIONS[event];
  return rule.from.includes(status) ? ok(rule.to) : err('loan_transition_not_allowed');
}

export interface Loan {
  readonly id: string;
  readonly memberId: string;
  readonly amount: Money;
  readonly termMonths: number;
  readonly purpose: string;
  readonly annualRateBps: number;
  /** The score the decision was made on, and the scorecard version that produced it. */
  readonly creditScore: number;
  readonly status: LoanStatus;
  readonly appliedAt: Date;
  readonly decidedAt?: Date;
  readonly disbursedAt?: Date;
  /** Empty until the loan is disbursed. */
  readonly schedule: readonly Instalment[];
  readonly totalPaid: Money;
  /** The member's idempotency key of the application: the same key applies once. */
  readonly applicationKey?: string;
  /** Why the loan was approved, left pending or rejected: a code each channel words (decision-reason.ts). */
  readonly decisionReason?: DecisionReason;
  /** Who decided: `system` (the scorecard, at application) or `admin:<name>` (an officer's review). */
  readonly decidedBy?: string;
}

/** Opening instant of the day after `dueDate` in Kigali: from then on the instalment is late. */
function lateFrom(dueDate: string): Date {
  const day = parseDate(dueDate);
  invariant(day, `bad due date ${dueDate}`);
  return kigaliInstant(addDays(day, 1));
}

export function amountOwed(loan: Loan): Money {
  return totalOf(loan.schedule, 'amount').minus(loan.totalPaid);
}

/** The first instalment not fully paid, with what is still due on it. */
export function nextPayment(loan: Loan): { instalment: Instalment; amountDue: Money } | undefined {
  let paid = loan.totalPaid;
  for (const instalment of loan.schedule) {
    if (paid.lessThan(instalment.amount)) return { instalment, amountDue: instalment.amount.minus(paid) };
    paid = paid.minus(instalment.amount);
  }
  return undefined;
}

export type InstalmentStatus = 'paid' | 'overdue' | 'partly_paid' | 'upcoming';

export interface InstalmentStanding {
  readonly instalment: Instalment;
  readonly amountPaid: Money;
  readonly status: InstalmentStatus;
}

/** Each instalment with what was paid on it at `now`, in the order payments fill the schedule. */
export function instalmentStandings(loan: Loan, now: Date): InstalmentStanding[] {
  let left = loan.totalPaid;
  const today = kigaliDateOf(now);
  return loan.schedule.map((instalment) => {
    const amountPaid = Money.min(left, instalment.amount);
    left = left.minus(amountPaid);
    const dueDay = parseDate(instalment.dueDate);
    invariant(dueDay, `bad due date ${instalment.dueDate}`);
    const late = compareDates(today, dueDay) > 0;
    const status: InstalmentStatus = amountPaid.equals(instalment.amount) ? 'paid' : late ? 'overdue' : amountPaid.isPositive() ? 'partly_paid' : 'upcoming';
    return { instalment, amountPaid, status };
  });
}

export function isOverdueAt(loan: Loan, now: Date): boolean {
  const next = nextPayment(loan);
  return next !== undefined && now.getTime() >= lateFrom(next.instalment.dueDate).getTime();
}

/** The status a disbursed loan has at `now`, derived from its schedule and payments. */
export function statusAt(loan: Loan, now: Date): LoanStatus {
  if (loan.status !== 'active' && loan.status !== 'overdue') return loan.status;
  if (nextPayment(loan) === undefined) return 'repaid';
  return isOverdueAt(loan, now) ? 'overdue' : 'active';
}

/** Interest covered by the first `paid` of the schedule: instalment by instalment, interest first. */
function interestCoveredBy(schedule: readonly Instalment[], paid: Money): Money {
  let left = paid;
  let interest = Money.ZERO;
  for (const instalment of schedule) {
    if (!left.isPositive()) break;
    interest = interest.plus(Money.min(left, instalment.interest));
    left = left.minus(Money.min(left, instalment.amount));
  }
  return interest;
}

/** Principal the member still owes or has asked for: what counts against the loan limit. */
export function principalOutstanding(loan: Loan): Money {
  switch (loan.status) {
    case 'pending':
    case 'approved':
      return loan.amount;
    case 'active':
    case 'overdue':
      return loan.amount.minus(loan.totalPaid.minus(interestCoveredBy(loan.schedule, loan.totalPaid)));
    case 'rejected':
    case 'repaid':
      return Money.ZERO;
  }
}

export type RepaymentError = 'loan_not_repayable' | 'repayment_must_be_positive' | 'repayment_exceeds_balance';

export interface AppliedRepayment {
  readonly loan: Loan;
  readonly interest: Money;
  readonly principal: Money;
}

/** Applies a confirmed repayment: interest due first, then principal; the status follows. */
export function applyRepayment(loan: Loan, amount: Money, now: Date): Result<AppliedRepayment, RepaymentError> {
  if (loan.status !== 'active' && loan.status !== 'overdue') return err('loan_not_repayable');
  if (!amount.isPositive()) return err('repayment_must_be_positive');
  if (amount.greaterThan(amountOwed(loan))) return err('repayment_exceeds_balance');
  const totalPaid = loan.totalPaid.plus(amount);
  const interest = interestCoveredBy(loan.schedule, totalPaid).minus(interestCoveredBy(loan.schedule, loan.totalPaid));
  const paidLoan = { ...loan, totalPaid };
  return ok({ loan: { ...paidLoan, status: statusAt(paidLoan, now) }, interest, principal: amount.minus(interest) });
}
