/**
 * Phone numbers: the forms people type, one stored form (E.164), and an operator hint. The one
 * reader of phone numbers: every channel (web, USSD, CLI, SMS reports, migrations) calls it.
 *
 * Guarantees
 * - A Rwandan mobile number (+250 7[2389]X XXX XXX) is accepted written as "+250788123456",
 *   "250788123456", "0788123456", "788123456", "00250788123456", "+250 (0)788 123 456", with
 *   spaces, hyphens, dots or brackets anywhere; the result is always "+250788123456".
 * - `normaliseInternationalNumber` also reads another country's number, but only written with its
 *   country code ("+254 711 123 456" or "00254711123456"): without it a number is read as
 *   Rwandan, never guessed. The result is E.164: "+" then 8 to 15 digits, the first not 0. A
 *   number under +250 must be a Rwandan mobile number (a landline or an unassigned range is
 *   refused, as no SMS, USSD or mobile money reaches it).
 * - Both are idempotent (a result reads as itself) and total: any text answers a number or
 *   `phone_number_invalid`, never a throw.
 * - Operator hint by prefix: 078/079 MTN, 072/073 Airtel (PROVIDERS.md §4). It is a heuristic,
 *   for choosing a default provider; the provider's own answer wins.
 *
 * Written by hand rather than with libphonenumber: core imports no package, the rule is Rwanda's
 * four mobile ranges (the ones its two operators' mobile money pays, which operatorOf must know
 * anyway), and a test outside core checks it against libphonenumber's metadata (docs/decisions/0060-one-phone-number-one-member.md).
 */
import { err, ok, type Result } from '../shared/result.ts';

const NATIONAL = /^7[2389]\d{7}$/;
const SEPARATORS = /[\s\-.()]/g;
const E164 = /^\+[1-9]\d{7,14}$/;

/** A Rwandan mobile number in E.164 ("+250788123456"). */
export function normalisePhoneNumber(text: string): Result<string, 'phone_number_invalid'> {
  const digits = text.trim().replace(SEPARATORS, '');
  // "+250 (0)788…": the trunk 0 kept after the country code is a common way of writing it.
  const national = /^(?:(?:\+250|00250|250)0?|0)?(\d{9})$/.exec(digits)?.[1];
  if (!national || !NATIONAL.test(national)) return err('phone_number_invalid');
  return ok(`+250${national}`);
}

/** A Rwandan mobile number in any form, or another country's number with its country code: E.164. */
export function normaliseInternationalNumber(text: string): Result<string, 'phone_number_invalid'> {
  const rwandan = normalisePhoneNumber(text);
  if (rwandan.ok) return rwandan;
  const compact = text.trim().replace(SEPARATORS, '').replace(/^00/, '+');
  if (!E164.test(compact) || compact.startsWith('+250')) return err('phone_number_invalid');
  return ok(compact);
}

/** Also the mobile-money provider to try first for the number. */
export type Operator = 'mtn' | 'airtel';

/** The operator a normalised number most likely belongs to. */
export function operatorOf(e164: string): Operator {
  return e164.startsWith('+25078') || e164.startsWith('+25079') ? 'mtn' : 'airtel';
}
