/**
 * Amounts as the API writes them ("12500.00", RWF) and as the member reads them.
 *
 * Guarantees:
 * - Arithmetic on amounts (pool = contribution × cycle, sums of contributions) is done in integer
 *   centimes, never in floating point, so "0.10" × 3 is exactly "0.30".
 * - Anything that is not a plain non-negative-or-negative decimal with at most two decimals
 *   (a missing value, "abc", "1e5") reads as null, and the screen shows '—' rather than a guess.
 * - Display shows whole francs without decimals and keeps the centimes only when there are some.
 */
import { localeFormats } from './locale-format.ts';
export type Centimes = number;

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

export function parseCentimes(value: string | number | null | undefined): Centimes | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (match === null) return null;
  const [, sign, whole, fraction = ''] = match;
  const centimes = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(centimes)) return null;
  return sign === '-' ? -centimes : centimes;
}

/** Sum of amounts; amounts that do not parse are skipped (they are shown as '—' on their own row). */
export function sumCentimes(values: ReadonlyArray<string | number | null | undefined>): Centimes {
  return values.reduce<Centimes>((total, value) => total + (parseCentimes(value) ?? 0), 0);
}

/** "12,500 RWF" in the member's language; "12,500.50 RWF" when there are centimes. */
export function formatRwf(centimes: Centimes | null, locale: string, currency = 'RWF'): string {
  if (centimes === null) return '—';
  const hasFraction = centimes % 100 !== 0;
  const number = localeFormats(locale).number(centimes / 100, {
    minimumFractionDigits: hasFraction ? 2 : 0,
    maximumFractionDigits: hasFraction ? 2 : 0,
  });
  return `${number} ${currency}`;
}

/** The API's decimal string for an amount parsed from the member's input. */
export function formatDecimal(centimes: Centimes): string {
  const sign = centimes < 0 ? '-' : '';
  const abs = Math.abs(centimes);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** How much of a debt is repaid, in whole percent from 0 to 100 (a loan's or a working capital's progress bar). */
export function repaymentProgress(totalPaid: string, amount: string): number {
  const paid = parseCentimes(totalPaid) ?? 0;
  const lent = parseCentimes(amount);
  if (lent === null || lent <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((paid * 100) / lent)));
}
