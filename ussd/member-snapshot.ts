/**
 * Member snapshot: what the menu may show about the caller, as plain data the channel reads
 * through core before each step. Every figure in it (balances, due dates, statuses, who is paid
 * next) is computed by core; the menu only chooses what to show and how.
 */
import type { Language } from '../core/accounts/user.ts';
import type { LoanStatus } from '../core/loans/loan.ts';
import type { Money } from '../core/money/money.ts';
import type { LocalDate } from '../core/shared/calendar.ts';

export type MemberSnapshot = { readonly registered: false } | RegisteredMember;

export interface RegisteredMember {
  readonly registered: true;
  readonly firstName: string;
  readonly language: Language;
  readonly savingsBalance: Money;
  readonly groups: readonly GroupSnapshot[];
  /** Newest first; the menu shows the first three. */
  readonly notifications: readonly NotificationSnapshot[];
  /** Empty when the member has no loan: the menu then offers no loans entry. */
  readonly loans: readonly LoanSnapshot[];
}

export interface GroupSnapshot {
  readonly tontineId: string;
  readonly name: string;
  /** The member's earliest unpaid contribution in this group. */
  readonly nextDue: { readonly contributionId: string; readonly amount: Money; readonly dueDate: LocalDate; readonly overdue: boolean } | null;
  /** The group's next payout, to whichever member. */
  readonly nextPayout: { readonly date: LocalDate; readonly amount: Money; readonly recipientFirstName: string; readonly toMember: boolean } | null;
  /** The member's own coming payout in this group. */
  readonly memberPayout: { readonly date: LocalDate; readonly amount: Money } | null;
}

export interface NotificationSnapshot {
  readonly date: LocalDate;
  readonly text: string;
}

export interface LoanSnapshot {
  readonly amount: Money;
  readonly status: LoanStatus;
  readonly nextInstalment: { readonly amount: Money; readonly dueDate: LocalDate } | null;
}
