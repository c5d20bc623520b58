/**
 * Rwandan mobile numbers: the forms people type, one stored form (E.164), and an operator hint.
 *
 * Guarantees
 * - Accepted: +250 7[2389]X XXX XXX written as "+250788123456", "250788123456", "0788123456",
 *   "788123456", "00250788123456", with spaces, hyphens, dots or brackets anywhere.
 * - The result is always E.164 with the plus: "+250788123456".
 * - Operator hint by prefix: 078/079 MTN, 072/073 Airtel (PROVIDERS.md §4). It is a heuristic,
 *   for choosing a default provider; the provider's own answer wins.
 */
import { err, ok, type Result } from '../shared/result.ts';

const NATIONAL = /^7[2389]\d{7}$/;

export function normalisePhoneNumber(text: string): Result<string, 'phone_number_invalid'> {
  const digits = text.trim().replace(/[\s\-.()]/g, '');
  const national = /^(?:\+250|00250|250|0)?(\d{9})$/.exec(digits)?.[1];
  if (!national || !NATIONAL.test(national)) return err('phone_number_invalid');
  return ok(`+250${national}`);
}

/** Also the mobile-money provider to try first for the number. */
export type Operator = 'mtn' | 'airtel';

/** The operator a normalised number most likely belongs to. */
export function operatorOf(e164: string): Operator {
  return e164.startsWith('+25078') || e164.startsWith('+25079') ? 'mtn' : 'airtel';
}
