/**
 * What a merchant's owner is told about working capital: in-app notifications that the Notifier
 * also sends by SMS and e-mail in the member's language (apps/notifications, four languages).
 *
 * Templates: working_capital_approved {amount, fee}, working_capital_pending {amount},
 * working_capital_rejected {amount, reason}, working_capital_disbursed {amount, total, share},
 * working_capital_disbursement_failed {amount}, working_capital_repaid {amount, remaining},
 * working_capital_shortfall {shortfall, dueBy}, working_capital_overdue {owed}.
 */
import type { Money } from '../money/money.ts';
import type { MemberNotification } from '../tontines/ports.ts';
import { owedOn, type WorkingCapitalLoan } from './working-capital.ts';

const notice = (loan: WorkingCapitalLoan, template: string, params: Record<string, string>, type: MemberNotification['type'] = 'other'): MemberNotification => ({ userId: loan.ownerId, type, template, params });

export function decisionNotice(loan: WorkingCapitalLoan): MemberNotification {
  const amount = loan.keyFacts.amount.format();
  if (loan.status === 'approved') return notice(loan, 'working_capital_approved', { amount, fee: loan.keyFacts.fee.format() });
  // The officer's reason is a code (core/loans/decision-reason.ts) the channels word in the merchant's language.
  if (loan.status === 'rejected') return notice(loan, 'working_capital_rejected', { amount, reason: loan.reviewReason ?? '', reasonCode: loan.reviewReason ?? '' });
  return notice(loan, 'working_capital_pending', { amount });
}

export const disbursedNotice = (loan: WorkingCapitalLoan): MemberNotification =>
  notice(loan, 'working_capital_disbursed', { amount: loan.keyFacts.amount.format(), total: loan.keyFacts.totalRepayable.format(), share: `${loan.keyFacts.withholdingBps / 100}%` });

export const disbursementFailedNotice = (loan: WorkingCapitalLoan): MemberNotification => notice(loan, 'working_capital_disbursement_failed', { amount: loan.keyFacts.amount.format() });

export const repaidNotice = (loan: WorkingCapitalLoan, amount: Money): MemberNotification => notice(loan, 'working_capital_repaid', { amount: amount.format(), remaining: owedOn(loan).format() });

export const shortfallNotice = (loan: WorkingCapitalLoan, shortfall: Money, dueBy: string): MemberNotification => notice(loan, 'working_capital_shortfall', { shortfall: shortfall.format(), dueBy }, 'loan_payment');

export const overdueNotice = (loan: WorkingCapitalLoan): MemberNotification => notice(loan, 'working_capital_overdue', { owed: owedOn(loan).format() }, 'loan_payment');
