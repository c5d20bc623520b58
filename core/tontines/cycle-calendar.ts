/**
 * Cycle calendar: when each cycle of a tontine falls due, in Africa/Kigali.
 *
 * Guarantees
 * - Cycle k is due on start + (k − 1) periods: k − 1 days, k − 1 weeks, or k − 1 months on the
 *   start's day of month clamped to the month's end (31 Jan → 28/29 Feb → 31 Mar), counted from
 *   the start each time so the day never drifts.
 * - Cycle 1 is due on the day the rotation starts.
 */
import { addDays, addMonths, type LocalDate } from '../shared/calendar.ts';
import { invariant } from '../shared/result.ts';

export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export function cycleDueDate(start: LocalDate, frequency: Frequency, cycle: number): LocalDate {
  invariant(Number.isSafeInteger(cycle) && cycle >= 1, `cycles are numbered from 1, got ${cycle}`);
  const periods = cycle - 1;
  switch (frequency) {
    case 'daily':
      return addDays(start, periods);
    case 'weekly':
      return addDays(start, 7 * periods);
    case 'monthly':
      return addMonths(start, periods);
  }
}
