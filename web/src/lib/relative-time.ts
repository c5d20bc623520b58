/**
 * Relative time text (spec part 1 §4): under 1 minute 'Just now'; under 60 minutes 'Xm ago';
 * under 24 hours 'Xh ago'; under 7 days 'Xd ago'; else a date.
 *
 * Guarantees: counts are whole units rounded down; a timestamp slightly in the future (clock
 * skew) reads as 'Just now'.
 */
export type RelativeTime =
  | { unit: 'justNow' }
  | { unit: 'minutes' | 'hours' | 'days'; count: number }
  | { unit: 'date' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(at: Date, now: Date): RelativeTime {
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < MINUTE) return { unit: 'justNow' };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  if (elapsed < 7 * DAY) return { unit: 'days', count: Math.floor(elapsed / DAY) };
  return { unit: 'date' };
}
