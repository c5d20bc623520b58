/**
 * Amounts people type: the one reader behind every channel's amount (the HTTP amount field, USSD
 * prompts, the assistant's tools), so that none of them can build a Money out of range.
 *
 * Guarantees
 * - Reads a number or a decimal text in francs ("5000", " 5000.5 ", "5000.50"); anything else is
 *   `amount_not_a_number`: exponents ("1e5"), separators ("5,000"), a plus sign, NaN, Infinity,
 *   an empty text. More than two decimals is `amount_too_precise`; centimes where whole francs
 *   are asked `amount_not_whole_francs`.
 * - Bounded: below the minimum (zero and every negative amount under a positive minimum) is
 *   `amount_below_minimum`; above the maximum — at most MAX_ENTERED_AMOUNT, whatever the channel
 *   asks — is `amount_above_maximum`, however many digits were typed. A Money is built only
 *   within the bounds, so no input reaches Money's own invariant (a 500).
 */
import { err, invariant, ok, type Result } from '../shared/result.ts';
import { Money } from './money.ts';

/**
 * The largest amount any screen accepts: one billion francs, far above any contribution, loan or
 * payment a member makes, and far below where sums of such amounts stop being exact integers.
 */
export const MAX_ENTERED_AMOUNT = Money.ofFrancs(1_000_000_000);

export type AmountInputError = 'amount_not_a_number' | 'amount_too_precise' | 'amount_not_whole_francs' | 'amount_below_minimum' | 'amount_above_maximum';

export interface AmountBounds {
  readonly min: Money;
  /** At most MAX_ENTERED_AMOUNT (the default). */
  readonly max?: Money;
  /** Mobile money moves whole francs: centimes are refused. */
  readonly wholeFrancs?: boolean;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
/** More whole digits than this is above every maximum, and still a safe integer of centimes. */
const MAX_WHOLE_DIGITS = 13;

export function readAmount(value: string | number, bounds: AmountBounds): Result<Money, AmountInputError> {
  const max = bounds.max ?? MAX_ENTERED_AMOUNT;
  invariant(!max.greaterThan(MAX_ENTERED_AMOUNT) && !bounds.min.isNegative(), 'amount bounds must lie within 0 and MAX_ENTERED_AMOUNT');
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return err('amount_not_a_number');
    if (value < 0) return err('amount_below_minimum');
    if (value * 100 > max.centimes) return err('amount_above_maximum');
    text = String(value);
    // A finite number of moderate size prints in exponent form only when it is a tiny fraction.
    if (/e/i.test(text)) return err('amount_too_precise');
  } else {
    text = value.trim();
  }
  const parts = DECIMAL.exec(text);
  if (!parts) return err('amount_not_a_number');
  const [, sign, whole, fraction = ''] = parts;
  if (fraction.length > 2) return err('amount_too_precise');
  const digits = whole!.replace(/^0+(?=\d)/, '');
  const centimes = fraction.padEnd(2, '0');
  if (sign === '-' && !/^0+$/.test(digits + centimes)) return err('amount_below_minimum');
  if (digits.length > MAX_WHOLE_DIGITS) return err('amount_above_maximum');
  const amount = Money.ofCentimes(Number(digits) * 100 + Number(centimes));
  if (bounds.wholeFrancs && !amount.isWholeFrancs()) return err('amount_not_whole_francs');
  if (amount.lessThan(bounds.min)) return err('amount_below_minimum');
  if (amount.greaterThan(max)) return err('amount_above_maximum');
  return ok(amount);
}
