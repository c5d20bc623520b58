/**
 * Contribution reminders: when a member is reminded of a pending contribution (DOMAIN
 * "Tontines": 3 days before, 1 day before and on the due date, at 09:00 Kigali time).
 *
 * Guarantees
 * - Each reminder is sent at most once per contribution and offset: the caller passes the keys
 *   already sent and records the ones returned.
 * - A reminder is due only within its own window: from its 09:00 instant until the next offset's
 *   instant, and a reminder before the due day never after that day has begun. A scheduler that
 *   was down catches up within the window, but a stale "due tomorrow" never goes out on the due
 *   day (nothing at all between midnight and 09:00 of the due day), nor "in 3 days" once the
 *   1-day reminder's time has come.
 *   The due-day reminder's window ends with the due day. Paid contributions get none.
 * - The loans module's instalment reminders use this same rule (`reminderWindowAt`).
 */
import { addDays, kigaliInstant, type LocalDate } from '../shared/calendar.ts';
import type { Contribution } from './contribution.ts';

export const REMINDER_HOUR = 9;

export const REMINDER_OFFSETS = [
  { offset: 'three_days_before', daysBefore: 3 },
  { offset: 'one_day_before', daysBefore: 1 },
  { offset: 'due_date', daysBefore: 0 },
] as const;
export type ReminderOffset = (typeof REMINDER_OFFSETS)[number]['offset'];

export interface DueReminder {
  contribution: Contribution;
  offset: ReminderOffset;
  /** `${contributionId}:${offset}`: what the caller records as sent. */
  key: string;
  at: Date;
}

export const reminderKey = (contributionId: string, offset: ReminderOffset): string => `${contributionId}:${offset}`;

/** The instants of the three reminders of something due on `dueDate`, earliest first. */
export function reminderTimes(dueDate: LocalDate): { offset: ReminderOffset; daysBefore: number; at: Date }[] {
  return REMINDER_OFFSETS.map(({ offset, daysBefore }) => ({ offset, daysBefore, at: kigaliInstant(addDays(dueDate, -daysBefore), REMINDER_HOUR) }));
}

/** The reminder whose window holds `now` for something due on `dueDate`, if any (see Guarantees). */
export function reminderWindowAt(dueDate: LocalDate, now: Date): { offset: ReminderOffset; daysBefore: number; at: Date } | undefined {
  const startOfDueDay = kigaliInstant(dueDate).getTime();
  const endOfDueDay = kigaliInstant(addDays(dueDate, 1)).getTime();
  const times = reminderTimes(dueDate);
  const t = now.getTime();
  return times.find((reminder, i) => {
    const next = times[i + 1];
    // A reminder before the due day is stale once that day has begun, even before 09:00.
    const end = next ? Math.min(next.at.getTime(), startOfDueDay) : endOfDueDay;
    return reminder.at.getTime() <= t && t < end;
  });
}

export function dueReminders(
  contributions: readonly Contribution[],
  now: Date,
  alreadySent: ReadonlySet<string>,
): DueReminder[] {
  const due: DueReminder[] = [];
  for (const contribution of contributions) {
    if (contribution.isCompleted) continue;
    const window = reminderWindowAt(contribution.dueDate, now);
    if (!window) continue;
    const key = reminderKey(contribution.id, window.offset);
    if (!alreadySent.has(key)) due.push({ contribution, offset: window.offset, key, at: window.at });
  }
  return due;
}
