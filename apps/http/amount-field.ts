/**
 * The one amount field of the HTTP API: every amount a request carries (a loan, a payment to a
 * merchant, a contribution, a withdrawal, a budget in a query) is read by it, through the core's
 * reader (core/money/amount-input.ts), so each is bounded the same way and refused with a 400
 * `validation_failed` in words a person understands, never a 500.
 *
 * Guarantees
 * - Takes a JSON number or a decimal text (a query's value is text); the field's output is a Money
 *   within the bounds it was given.
 * - Each way an amount can be wrong has its message: the field's own where it has one (the
 *   specification's loan bounds), else a plain default naming the bound.
 */
import { z } from 'zod';
import { MAX_ENTERED_AMOUNT, readAmount, type AmountBounds, type AmountInputError } from '../../core/money/amount-input.ts';

export interface AmountWords {
  /** Not a number at all (and the default for every other problem without words of its own). */
  readonly invalid: string;
  readonly belowMinimum?: string;
  readonly aboveMaximum?: string;
  readonly notWholeFrancs?: string;
  readonly tooPrecise?: string;
}

/** Longer than any amount within the bounds can be written, short enough to refuse a flood. */
const MAX_TEXT = 40;

/**
 * What the OpenAPI document says of the field, as strict as readAmount is: a number within the
 * bounds (whole when they ask for whole francs), or a decimal text of at most two decimals (none
 * but zeros for whole francs; never zero when the minimum is above it). The text's bounds are
 * the number's, said in the description: a pattern cannot hold them.
 */
function documented(bounds: AmountBounds) {
  const francs = (m: { centimes: number }) => m.centimes / 100;
  const fraction = bounds.wholeFrancs ? '(?:\\.0{1,2})?' : '(?:\\.\\d{1,2})?';
  const notZero = bounds.min.centimes > 0 ? '(?!0+(?:\\.0+)?\\s*$)' : '';
  return {
    number: { minimum: francs(bounds.min), maximum: francs(bounds.max ?? MAX_ENTERED_AMOUNT), ...(bounds.wholeFrancs ? { multipleOf: 1 } : {}) },
    text: { pattern: `^\\s*${notZero}\\d+${fraction}\\s*$` },
  };
}

export function amountField(bounds: AmountBounds, words: AmountWords) {
  const messages: Record<AmountInputError, string> = {
    amount_not_a_number: words.invalid,
    amount_too_precise: words.tooPrecise ?? 'An amount has at most two decimals',
    amount_not_whole_francs: words.notWholeFrancs ?? 'Mobile money moves whole francs: please enter an amount without centimes.',
    amount_below_minimum: words.belowMinimum ?? words.invalid,
    amount_above_maximum: words.aboveMaximum ?? `The amount is at most ${(bounds.max ?? MAX_ENTERED_AMOUNT).format()}`,
  };
  return z
    .union(
      [
        z.number({ error: words.invalid }).meta({ override: documented(bounds).number }),
        z.string({ error: words.invalid }).max(MAX_TEXT, { error: words.invalid }).meta({ override: documented(bounds).text }),
      ],
      { error: words.invalid },
    )
    .transform((value, ctx) => {
      const read = readAmount(value, bounds);
      if (read.ok) return read.value;
      ctx.addIssue({ code: 'custom', message: messages[read.error] });
      return z.NEVER;
    });
}
