/**
 * Contribution reminders: when a member is reminded of a pending contribution (DOMAIN
 * "Tontines": 3 days before, 1 day before and on the due date, at 09:00 Kigali time).
 *
 * Guarantees
 * - Each reminder is sent at most once per contribution and offset: the caller passes the keys
 *   already sent and records the ones returned.
 * - Only the latest reminder whose time has come is due: a scheduler that was down does not send
 *   "in 3 days" on the due date. None is due once the due date is over or the contribution is paid.
 */
import { addDays, kigaliInstant } from '../shared/calendar.ts';
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

export function reminderTimes(contribution: Contribution): { offset: ReminderOffset; at: Date }[] {
  return REMINDER_OFFSETS.map(({ offset, daysBefore }) => ({
    offset,
    at: kigaliInstant(addDays(contribution.dueDate, -daysBefore), REMINDER_HOUR),
  }));
}

export function dueReminders(
  contributions: readonly Contribution[],
  now: Date,
  alreadySent: ReadonlySet<string>,
): DueReminder[] {
  const due: DueReminder[] = [];
  for (const contribution of contributions) {
    if (contribution.isCompleted) continue;
    const times = reminderTimes(contribution);
    const endOfDueDate = kigaliInstant(addDays(contribution.dueDate, 1));
    const latest = times.filter((t) => t.at <= now && now < endOfDueDate).at(-1);
    if (!latest) continue;
    const key = reminderKey(contribution.id, latest.offset);
    if (!alreadySent.has(key)) due.push({ contribution, offset: latest.offset, key, at: latest.at });
  }
  return due;
}
