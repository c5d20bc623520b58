/**
 * Money: amounts in Rwandan francs held as integer centimes (1 RWF = 100 centimes).
 *
 * Guarantees
 * - No floating point touches an amount: every value is a safe integer of centimes.
 * - Every percentage is computed by `percentOf` with round-half-even to the centime; this is the
 *   only place money is rounded.
 * - `allocate` splits an amount into parts that sum exactly to it.
 * - `splitWholeFrancs` pays whole francs and keeps the fraction, so a payout never loses a centime.
 * - The API's decimal strings ("12500.00") round-trip exactly through `parseDecimal` / `toDecimal`.
 */
import { writeDigits } from './number-format.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';

export const CURRENCY = 'RWF';
export const CENTIMES_PER_FRANC = 100;
/** 1 % = 100 basis points. */
export const BASIS_POINTS_PER_UNIT = 10_000;

export type MoneyParseError = 'amount_not_a_decimal' | 'amount_too_precise' | 'amount_too_large';

export class Money {
  private constructor(readonly centimes: number) {
    invariant(Number.isSafeInteger(centimes), `Money must be a safe integer of centimes, got ${centimes}`);
  }

  static readonly ZERO = new Money(0);

  static ofCentimes(centimes: number): Money {
    return new Money(centimes);
  }

  static ofFrancs(francs: number): Money {
    invariant(Number.isSafeInteger(francs), `Whole francs expected, got ${francs}`);
    return new Money(francs * CENTIMES_PER_FRANC);
  }

  /**
   * Reads the API's decimal strings: "12500", "12500.5", "12500.00", "-3.25".
   * At most two decimals; no exponent, no thousands separator, no surrounding spaces.
   */
  static parseDecimal(text: string): Result<Money, MoneyParseError> {
    const match = /^(-?)(\d{1,16})(?:\.(\d{1,}))?$/.exec(text);
    if (!match) return err('amount_not_a_decimal');
    const [, sign, whole, fraction = ''] = match;
    if (fraction.length > 2) return err('amount_too_precise');
    const centimes = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
    if (centimes > BigInt(Number.MAX_SAFE_INTEGER)) return err('amount_too_large');
    const value = Number(centimes);
    return ok(new Money(sign === '-' && value !== 0 ? -value : value));
  }

  /** "12500.00": the API's form of an amount. */
  toDecimal(): string {
    const negative = this.centimes < 0;
    const abs = Math.abs(this.centimes);
    const francs = Math.trunc(abs / CENTIMES_PER_FRANC);
    const cents = String(abs % CENTIMES_PER_FRANC).padStart(2, '0');
    return `${negative ? '-' : ''}${francs}.${cents}`;
  }

  /** Mobile money moves whole francs: true when this amount has no centimes. */
  isWholeFrancs(): boolean {
    return this.centimes % CENTIMES_PER_FRANC === 0;
  }

  /** Whole francs, for mobile money and display; throws if a fraction would be dropped. */
  toWholeFrancs(): number {
    invariant(this.isWholeFrancs(), `${this.toDecimal()} is not a whole number of francs`);
    return this.centimes / CENTIMES_PER_FRANC;
  }

  plus(other: Money): Money {
    return new Money(this.centimes + other.centimes);
  }

  minus(other: Money): Money {
    return new Money(this.centimes - other.centimes);
  }

  times(factor: number): Money {
    invariant(Number.isSafeInteger(factor), `Money can only be multiplied by an integer, got ${factor}`);
    return new Money(this.centimes * factor);
  }

  negate(): Money {
    return new Money(-this.centimes || 0);
  }

  isZero(): boolean {
    return this.centimes === 0;
  }

  isPositive(): boolean {
    return this.centimes > 0;
  }

  isNegative(): boolean {
    return this.centimes < 0;
  }

  equals(other: Money): boolean {
    return this.centimes === other.centimes;
  }

  compare(other: Money): -1 | 0 | 1 {
    return this.centimes < other.centimes ? -1 : this.centimes > other.centimes ? 1 : 0;
  }

  greaterThan(other: Money): boolean {
    return this.centimes > other.centimes;
  }

  lessThan(other: Money): boolean {
    return this.centimes < other.centimes;
  }

  static min(a: Money, b: Money): Money {
    return a.centimes <= b.centimes ? a : b;
  }

  static max(a: Money, b: Money): Money {
    return a.centimes >= b.centimes ? a : b;
  }

  static sum(amounts: Iterable<Money>): Money {
    let total = 0;
    for (const amount of amounts) total += amount.centimes;
    return new Money(total);
  }

  /** `basisPoints` of this amount, round-half-even to the centime (200 bps = 2 %). */
  percentOf(basisPoints: number): Money {
    invariant(Number.isSafeInteger(basisPoints), `Basis points must be an integer, got ${basisPoints}`);
    return new Money(Number(divideHalfEven(BigInt(this.centimes) * BigInt(basisPoints), BigInt(BASIS_POINTS_PER_UNIT))));
  }

  /**
   * Splits this amount into parts proportional to `weights` that sum exactly to it. The centimes
   * left after flooring go one each to the parts with the largest remainders, ties to the earlier
   * part, so the split is deterministic.
   */
  allocate(weights: readonly number[]): Money[] {
    invariant(weights.length > 0, 'allocate needs at least one weight');
    invariant(weights.every((w) => Number.isSafeInteger(w) && w >= 0), 'weights must be non-negative integers');
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    invariant(totalWeight > 0, 'weights must not all be zero');
    const total = BigInt(this.centimes);
    const sign = total < 0n ? -1n : 1n;
    const abs = total * sign;
    const parts = weights.map((w) => (abs * BigInt(w)) / BigInt(totalWeight));
    const remainders = weights.map((w, i) => ({ i, r: (abs * BigInt(w)) % BigInt(totalWeight) }));
    let left = abs - parts.reduce((a, b) => a + b, 0n);
    remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
    for (const { i } of remainders) {
      if (left === 0n) break;
      if (weights[i] === 0) continue;
      parts[i]! += 1n;
      left -= 1n;
    }
    return parts.map((p) => new Money(Number(p * sign)));
  }

  /**
   * Mobile money moves whole francs: `payable` is the whole francs of this amount (rounded down),
   * `carried` the fraction that stays in the ledger for the next payout. payable + carried = this.
   */
  splitWholeFrancs(): { payable: Money; carried: Money } {
    invariant(this.centimes >= 0, 'Only a non-negative amount can be paid out');
    const carried = this.centimes % CENTIMES_PER_FRANC;
    return { payable: new Money(this.centimes - carried), carried: new Money(carried) };
  }

  /** "12,500 RWF" or "12,500.50 RWF" in English; "12.500 RWF" in Kinyarwanda…: how a person reads an amount (number-format.ts). */
  format(language = 'en'): string {
    const negative = this.centimes < 0;
    const abs = Math.abs(this.centimes);
    const cents = abs % CENTIMES_PER_FRANC;
    const digits = writeDigits(Math.trunc(abs / CENTIMES_PER_FRANC).toString(), cents ? String(cents).padStart(2, '0') : '', language);
    return `${negative ? '-' : ''}${digits} ${CURRENCY}`;
  }

  toJSON(): string {
    return this.toDecimal();
  }
}

/** numerator ÷ denominator rounded half to even: the one rounding rule for money. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  invariant(denominator !== 0n, 'division by zero');
  if (denominator < 0n) return divideHalfEven(-numerator, -denominator);
  const quotient = numerator / denominator; // truncates toward zero
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  const away = numerator < 0n ? quotient - 1n : quotient + 1n;
  if (twice > denominator) return away;
  if (twice < denominator) return quotient;
  return quotient % 2n === 0n ? quotient : away;
}
