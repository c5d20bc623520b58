/**
 * Instalment reminders: a borrower is reminded of each instalment 3 days before, 1 day before and
 * on its due date, at 09:00 Kigali time, as for contributions (DOMAIN "Tontines").
 *
 * Guarantees
 * - Each reminder is due at most once per loan, instalment and offset: the caller passes the keys
 *   already sent and records the ones returned.
 * - A reminder is due only within its own window, by the very rule of contribution reminders
 *   (`reminderWindowAt`): a stale "due tomorrow" never goes out on the due day; none once the due
 *   day is over or the instalment is paid.
 * - Only the next unpaid instalment of a disbursed loan is reminded, with what is still due on it.
 */
import { reminderWindowAt, type ReminderOffset } from '../contributions/contribution-reminders.ts';
import type { Money } from '../money/money.ts';
import { parseDate } from '../shared/calendar.ts';
import { invariant } from '../shared/result.ts';
import type { Instalment } from './amortisation.ts';
import { nextPayment, type Loan } from './loan.ts';

export interface DueInstalmentReminder {
  loan: Loan;
  instalment: Instalment;
  amountDue: Money;
  offset: ReminderOffset;
  daysBefore: number;
  /** `${loanId}:${instalmentNumber}:${offset}`: what the caller records as sent. */
  key: string;
}

export const instalmentReminderKey = (loanId: string, instalment: number, offset: ReminderOffset): string => `${loanId}:${instalment}:${offset}`;

export function dueInstalmentReminders(loans: readonly Loan[], now: Date, alreadySent: ReadonlySet<string>): DueInstalmentReminder[] {
  const due: DueInstalmentReminder[] = [];
  for (const loan of loans) {
    if (loan.status !== 'active' && loan.status !== 'overdue') continue;
    const next = nextPayment(loan);
    if (!next) continue;
    const dueDay = parseDate(next.instalment.dueDate);
    invariant(dueDay, `bad due date ${next.instalment.dueDate}`);
    const latest = reminderWindowAt(dueDay, now);
    if (!latest) continue;
    const key = instalmentReminderKey(loan.id, next.instalment.number, latest.offset);
    if (!alreadySent.has(key)) due.push({ loan, instalment: next.instalment, amountDue: next.amountDue, offset: latest.offset, daysBefore: latest.daysBefore, key });
  }
  return due;
}
