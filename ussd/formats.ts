/**
 * Formats for USSD screens: short and plain ASCII.
 *
 * Guarantees
 * - Amounts and counts are written in the member's language's one number format
 *   (core/money/number-format.ts, through `Money.format(language)`): en and sw "12,500 RWF",
 *   rw "12.500 RWF", fr "12 500 RWF" with a plain ASCII space where the web writes French's
 *   narrow no-break space (`ussdSafe`), so a group mark never costs more than one character.
 * - Days are the Kigali calendar day as dd/mm, with /yy added when the year is not the current
 *   one; times are Kigali HH:MM.
 */
import type { Language } from '../core/accounts/user.ts';
import type { Money } from '../core/money/money.ts';
import { formatNumber } from '../core/money/number-format.ts';
import { type LocalDate, kigaliDateOf, KIGALI_UTC_OFFSET_HOURS } from '../core/shared/calendar.ts';
import { ussdSafe } from './screen.ts';

const two = (n: number) => String(n).padStart(2, '0');

export function formatAmount(amount: Money, language: Language): string {
  return ussdSafe(amount.format(language));
}

/** An amount's size without the currency, for a line under one that names it ("12,500", "5 000,5"). */
export function formatFigure(amount: Money, language: Language): string {
  return ussdSafe(formatNumber(Math.abs(amount.centimes) / 100, language));
}

/** A whole count ("1.250" groups in Kinyarwanda), in the same marks as amounts. */
export function formatCount(count: number, language: Language): string {
  return ussdSafe(formatNumber(count, language, 0));
}

export function formatDay(date: LocalDate, now: Date): string {
  const sameYear = date.year === kigaliDateOf(now).year;
  return `${two(date.day)}/${two(date.month)}${sameYear ? '' : `/${two(date.year % 100)}`}`;
}

export function formatKigaliTime(instant: Date): string {
  const shifted = new Date(instant.getTime() + KIGALI_UTC_OFFSET_HOURS * 3_600_000);
  return `${two(shifted.getUTCHours())}:${two(shifted.getUTCMinutes())}`;
}
