/**
 * Formats for USSD screens: short, plain ASCII and the same in every language.
 *
 * Guarantees
 * - Amounts are shown by `Money.format()` ("12,500 RWF"), the one way the product writes money.
 * - Days are the Kigali calendar day as dd/mm, with /yy added when the year is not the current
 *   one; times are Kigali HH:MM.
 */
import type { Money } from '../core/money/money.ts';
import { type LocalDate, kigaliDateOf, KIGALI_UTC_OFFSET_HOURS } from '../core/shared/calendar.ts';

const two = (n: number) => String(n).padStart(2, '0');

export function formatAmount(amount: Money): string {
  return amount.format();
}

export function formatDay(date: LocalDate, now: Date): string {
  const sameYear = date.year === kigaliDateOf(now).year;
  return `${two(date.day)}/${two(date.month)}${sameYear ? '' : `/${two(date.year % 100)}`}`;
}

export function formatKigaliTime(instant: Date): string {
  const shifted = new Date(instant.getTime() + KIGALI_UTC_OFFSET_HOURS * 3_600_000);
  return `${two(shifted.getUTCHours())}:${two(shifted.getUTCMinutes())}`;
}
