/**
 * Settlement periods: Kigali weeks, Monday 00:00 to the next Monday 00:00.
 *
 * Guarantees
 * - Periods are half-open [start, end), exactly 7 days long (Kigali has no DST), start on a
 *   Monday at 00:00 Kigali time, and partition time: every instant is in exactly one period.
 * - `settlementPeriodsCovering(from, to)` returns the consecutive periods that meet [from, to),
 *   with no gap and no overlap (none for an empty range).
 */
import { addDays, dayOfWeek, kigaliDateOf, kigaliInstant, type Period } from '../shared/calendar.ts';
import { invariant } from '../shared/result.ts';

export function settlementPeriodContaining(instant: Date): Period {
  const day = kigaliDateOf(instant);
  const monday = addDays(day, 1 - dayOfWeek(day));
  return { start: kigaliInstant(monday), end: kigaliInstant(addDays(monday, 7)) };
}

/** The week that ended most recently before `now`: what the Monday 00:30 job settles. */
export function lastEndedSettlementPeriod(now: Date): Period {
  const current = settlementPeriodContaining(now);
  return settlementPeriodContaining(new Date(current.start.getTime() - 1));
}

export function settlementPeriodsCovering(from: Date, to: Date): Period[] {
  invariant(from.getTime() <= to.getTime(), 'a range ends after it starts');
  const periods: Period[] = [];
  if (from.getTime() === to.getTime()) return periods;
  for (let period = settlementPeriodContaining(from); period.start.getTime() < to.getTime(); period = settlementPeriodContaining(period.end)) {
    periods.push(period);
  }
  return periods;
}
