/**
 * Loan notices: what a member is told about their loan, as in-app notifications that the Notifier
 * also sends by SMS and e-mail in the member's language (template + parameters).
 *
 * Guarantees
 * - Every decision (approved, pending review, rejected), disbursement and confirmed repayment
 *   produces exactly one notice for the borrower, carrying the amounts in RWF.
 * - Instalment reminders are of type `loan_payment`; the other notices are `other`.
 *
 * Templates (for the Notifier's renderer): loan_approved {amount, rate, …reason},
 * loan_pending_review {amount, …reason}, loan_rejected {amount, …reason}, where …reason is
 * `reasonCode` with the reason's figures (decision-reason.ts), or `reason` for a sentence written
 * before reasons had codes; loan_disbursed {amount,
 * firstDueDate, monthlyPayment}, loan_repayment_received {amount, remaining},
 * loan_payment_due {amount, dueDate, daysBefore}.
 */
import type { MemberNotification } from '../tontines/ports.ts';
import { ratePercent } from './loan-terms.ts';
import { amountOwed, type Loan } from './loan.ts';
import type { Instalment } from './amortisation.ts';
import type { Money } from '../money/money.ts';
import { decisionReasonParams, type DecisionReason } from './decision-reason.ts';

/** The reason as notification parameters: its code and figures (the loan's own amount wins over the reason's, they are one). */
function reasonParams(reason: DecisionReason | undefined): Record<string, string> {
  if (!reason) return { reason: '' };
  if (reason.code === 'written') return { reason: reason.text };
  return { ...decisionReasonParams(reason), reasonCode: reason.code };
}

export function decisionNotice(loan: Loan): MemberNotification {
  const reason = reasonParams(loan.decisionReason);
  const amount = loan.amount.format();
  switch (loan.status) {
    case 'approved':
    case 'active':
      return { userId: loan.memberId, type: 'other', template: 'loan_approved', params: { ...reason, amount, rate: `${ratePercent(loan.annualRateBps)}%` } };
    case 'rejected':
      return { userId: loan.memberId, type: 'other', template: 'loan_rejected', params: { ...reason, amount } };
    default:
      return { userId: loan.memberId, type: 'other', template: 'loan_pending_review', params: { ...reason, amount } };
  }
}

export function disbursementNotice(loan: Loan): MemberNotification {
  const first = loan.schedule[0];
  return {
    userId: loan.memberId,
    type: 'other',
    template: 'loan_disbursed',
    params: { amount: loan.amount.format(), firstDueDate: first?.dueDate ?? '', monthlyPayment: first?.amount.format() ?? '' },
  };
}

/** The disbursement was given up: the loan stays approved, nothing is owed, an admin follows up. */
export function disbursementFailedNotice(loan: Loan): MemberNotification {
  return { userId: loan.memberId, type: 'other', template: 'loan_disbursement_failed', params: { amount: loan.amount.format() } };
}

export function repaymentNotice(loan: Loan, amount: Money): MemberNotification {
  return {
    userId: loan.memberId,
    type: 'other',
    template: 'loan_repayment_received',
    params: { amount: amount.format(), remaining: amountOwed(loan).format() },
  };
}

export function instalmentReminder(loan: Loan, instalment: Instalment, amountDue: Money, daysBefore: number): MemberNotification {
  return {
    userId: loan.memberId,
    type: 'loan_payment',
    template: 'loan_payment_due',
    params: { amount: amountDue.format(), dueDate: instalment.dueDate, daysBefore: String(daysBefore) },
  };
}
