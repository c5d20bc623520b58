/**
 * Contribution notices: what a member is told about a contribution they still owe, as in-app
 * notifications that the Notifier also sends by SMS and e-mail in the member's language.
 *
 * Guarantees
 * - A reminder (3 days before, 1 day before, on the due date) and the overdue notice name the
 *   tontine, the amount in RWF and the due date (Kigali calendar day, YYYY-MM-DD); both are of
 *   type `contribution_due`.
 *
 * - A late fine is reminded with its own words: on the day it is posted (fine_posted), then as
 *   a contribution would be, by the same jobs (fine_due, for its reminder and its overdue notice).
 *
 * Templates (for the Notifier's renderer): contribution_due {tontineName, amount, dueDate, cycle},
 * contribution_overdue {tontineName, amount, dueDate, cycle}, fine_posted and fine_due
 * {tontineName, amount, dueDate, cycle}.
 */
import { formatDate } from '../shared/calendar.ts';
import type { MemberNotification } from '../tontines/ports.ts';
import type { Contribution } from './contribution.ts';

function paramsOf(contribution: Contribution, tontineName: string): Record<string, string> {
  return { tontineName, amount: contribution.amount.format(), dueDate: formatDate(contribution.dueDate), cycle: String(contribution.cycle) };
}

export function contributionDueNotice(contribution: Contribution, tontineName: string): MemberNotification {
  return { userId: contribution.memberId, type: 'contribution_due', template: contribution.isFine ? 'fine_due' : 'contribution_due', params: paramsOf(contribution, tontineName) };
}

export function contributionOverdueNotice(contribution: Contribution, tontineName: string): MemberNotification {
  return { userId: contribution.memberId, type: 'contribution_due', template: contribution.isFine ? 'fine_due' : 'contribution_overdue', params: paramsOf(contribution, tontineName) };
}

/** A late fine was just posted on the member's contribution of `fine.cycle`, due at once. */
export function finePostedNotice(fine: Contribution, tontineName: string): MemberNotification {
  return { userId: fine.memberId, type: 'contribution_due', template: 'fine_posted', params: paramsOf(fine, tontineName) };
}
