/**
 * Calendar: dates and instants in Africa/Kigali, the time zone of every due date, reminder and batch.
 *
 * Guarantees
 * - Kigali is UTC+2 all year (Rwanda has no daylight saving time), so a Kigali wall-clock time maps
 *   to exactly one instant and back; no time-zone database is needed.
 * - `addMonths` clamps to the month's end from the ANCHOR day, so a monthly series started on the
 *   31st falls on 31 Jan, 28/29 Feb, 31 Mar ... and never drifts to the 28th.
 * - Every function is pure: "now" comes from a Clock, never from here.
 */
import { invariant } from './result.ts';

export const KIGALI_UTC_OFFSET_HOURS = 2;
const OFFSET_MS = KIGALI_UTC_OFFSET_HOURS * 3_600_000;
const DAY_MS = 86_400_000;

/** A half-open span of time [start, end): consecutive periods neither overlap nor leave a gap. */
export interface Period {
  readonly start: Date;
  readonly end: Date;
}

/** A calendar day in Kigali. `month` is 1–12. */
export interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function localDate(year: number, month: number, day: number): LocalDate {
  invariant(Number.isInteger(year) && Number.isInteger(month) && Number.isInteger(day), 'date parts must be integers');
  invariant(month >= 1 && month <= 12, `month out of range: ${month}`);
  invariant(day >= 1 && day <= daysInMonth(year, month), `day out of range: ${year}-${month}-${day}`);
  return { year, month, day };
}

/** The Kigali calendar day an instant falls on. */
export function kigaliDateOf(instant: Date): LocalDate {
  const shifted = new Date(instant.getTime() + OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The instant of a Kigali wall-clock time on a given day (default midnight). */
export function kigaliInstant(date: LocalDate, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day, hour, minute) - OFFSET_MS);
}

/** Kigali midnight at the start of the day an instant falls on. */
export function startOfKigaliDay(instant: Date): Date {
  return kigaliInstant(kigaliDateOf(instant));
}

/** The Kigali calendar month an instant falls in, from the 1st at 00:00 to the next 1st (half-open). */
export function kigaliMonthContaining(instant: Date): Period {
  const day = kigaliDateOf(instant);
  const first = { year: day.year, month: day.month, day: 1 };
  return { start: kigaliInstant(first), end: kigaliInstant(addMonths(first, 1)) };
}

/** The Kigali month that ended most recently before `now` (what a job on the 1st is about). */
export function lastEndedKigaliMonth(now: Date): Period {
  return kigaliMonthContaining(new Date(kigaliMonthContaining(now).start.getTime() - 1));
}

/** A Kigali month as `YYYY-MM`, from its period. */
export function formatMonth(month: Period): string {
  const first = kigaliDateOf(month.start);
  return `${first.year}-${String(first.month).padStart(2, '0')}`;
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** `months` after `date`, on the same day of month, clamped to the target month's last day. */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** ISO day of week: 1 = Monday … 7 = Sunday. */
export function dayOfWeek(date: LocalDate): number {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Negative, zero or positive as `a` is before, equal to or after `b`. */
export function compareDates(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** "2026-01-31": the form dates take in the API and in storage. */
export function formatDate(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** Reads "YYYY-MM-DD"; undefined when it is not a real calendar day. */
export function parseDate(text: string): LocalDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** Whole months from `from` to `to` (a month counts once its day of month is reached, clamped). */
export function monthsBetween(from: LocalDate, to: LocalDate): number {
  let months = (to.year - from.year) * 12 + (to.month - from.month);
  if (compareDates(addMonths(from, months), to) > 0) months -= 1;
  return months;
}
