/**
 * The rules agent and merchant registration share (spec part 2 §3, §5, §9).
 *
 * Guarantees:
 * - A business code (agent or merchant) is 3 to 20 characters of A–Z, 0–9, '-' and '_'; the
 *   input is upper-cased as typed, so 'kgl-01' is read as 'KGL-01'.
 * - A phone number is a Rwandan mobile number in any usual form (lib/phone-number.ts), sent in E.164.
 * - The district is one of Rwanda's 30 districts, spelt as the spec lists them; the category one of
 *   the eight.
 * - A list typed with commas becomes trimmed, non-empty items.
 */
export const CODE_MIN = 3;
export const CODE_MAX = 20;
const CODE_CHARACTERS = /^[A-Z0-9_-]+$/;
// The shape zod's email check accepts in practice: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PHONE_DEFAULT = '+250';
export const PHONE_EXAMPLE = '+250788123456';

export const DISTRICTS = [
  'Bugesera', 'Burera', 'Gakenke', 'Gasabo', 'Gatsibo', 'Gicumbi', 'Gisagara', 'Huye', 'Kamonyi', 'Karongi',
  'Kayonza', 'Kicukiro', 'Kirehe', 'Muhanga', 'Musanze', 'Ngoma', 'Ngororero', 'Nyabihu', 'Nyagatare', 'Nyamagabe',
  'Nyamasheke', 'Nyanza', 'Nyarugenge', 'Nyaruguru', 'Rubavu', 'Ruhango', 'Rulindo', 'Rusizi', 'Rutsiro', 'Rwamagana',
] as const;

/** The eight business categories (spec part 2 §3); the agent dashboard names its merchants' with them too. */
export const MERCHANT_CATEGORIES = ['retail', 'restaurant', 'service', 'grocery', 'pharmacy', 'electronics', 'fashion', 'other'] as const;
export type MerchantCategory = (typeof MERCHANT_CATEGORIES)[number];

export function isMerchantCategory(value: string): value is MerchantCategory {
  return (MERCHANT_CATEGORIES as readonly string[]).includes(value);
}

/** Which rule a code breaks, or null when it is fine. */
export type CodeError = 'codeMin' | 'codeMax' | 'codeCharacters';

export function normaliseCode(text: string): string {
  return text.toUpperCase();
}

export function checkCode(code: string): CodeError | null {
  if (code.length < CODE_MIN) return 'codeMin';
  if (code.length > CODE_MAX) return 'codeMax';
  if (!CODE_CHARACTERS.test(code)) return 'codeCharacters';
  return null;
}

export function isEmail(text: string): boolean {
  return EMAIL.test(text.trim());
}

export function isDistrict(text: string): boolean {
  return (DISTRICTS as readonly string[]).includes(text);
}

export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** An optional text field as the API wants it: trimmed, or null when empty. */
export function orNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}
