/**
 * The period a member's statement covers: Kigali calendar days `from` to `to`, both included.
 *
 * Guarantees
 * - `from` and `to` are real days "YYYY-MM-DD", `from` ≤ `to`, neither before 2020-01-01 nor after
 *   today in Kigali, at most 366 days apart: otherwise `period_invalid`, never a partial answer.
 * - Left out, `from` is the 1st of `to`'s month and `to` is today: this month so far.
 * - A month "YYYY-MM" is its first to its last day, the current month up to today.
 * - The instants are [Kigali midnight of `from`, Kigali midnight after `to`).
 */
import { addDays, compareDates, formatDate, kigaliDateOf, kigaliInstant, parseDate, type LocalDate } from '../shared/calendar.ts';
import { err, ok, type Result } from '../shared/result.ts';

export interface StatementPeriod {
  from: string;
  to: string;
  /** Kigali midnight starting `from`. */
  start: Date;
  /** Kigali midnight after `to` (excluded). */
  end: Date;
}

export type PeriodError = 'period_invalid';

const FIRST_DAY: LocalDate = { year: 2020, month: 1, day: 1 };
const MAX_DAYS = 366;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function statementPeriod(input: { from?: string | undefined; to?: string | undefined }, now: Date): Result<StatementPeriod, PeriodError> {
  const today = kigaliDateOf(now);
  const to = input.to === undefined ? today : parseDate(input.to);
  if (!to) return err('period_invalid');
  const from = input.from === undefined ? { ...to, day: 1 } : parseDate(input.from);
  if (!from) return err('period_invalid');
  if (compareDates(from, to) > 0 || compareDates(from, FIRST_DAY) < 0 || compareDates(to, today) > 0) return err('period_invalid');
  if (compareDates(addDays(from, MAX_DAYS - 1), to) < 0) return err('period_invalid');
  return ok({ from: formatDate(from), to: formatDate(to), start: kigaliInstant(from), end: kigaliInstant(addDays(to, 1)) });
}

/** A whole month "YYYY-MM" as a period (the current month up to today). */
export function monthPeriod(month: string, now: Date): Result<StatementPeriod, PeriodError> {
  const match = MONTH.exec(month);
  if (!match) return err('period_invalid');
  const first: LocalDate = { year: Number(match[1]), month: Number(match[2]), day: 1 };
  const today = kigaliDateOf(now);
  const next = first.month === 12 ? { year: first.year + 1, month: 1, day: 1 } : { ...first, month: first.month + 1 };
  const last = addDays(next, -1);
  return statementPeriod({ from: formatDate(first), to: formatDate(compareDates(last, today) > 0 ? today : last) }, now);
}
