/**
 * Rwandan mobile numbers as the server reads them (core/identity/phone-number.ts): +250 7[2389]X
 * XXX XXX, typed with or without the country code, with spaces, hyphens, dots or brackets; where
 * the server takes them (registration), other countries' numbers with their country code. The
 * client checks a number early to show the mistake on its field; the server remains the judge
 * (tests/architecture/phone-number-rules.test.ts holds both readers to core's).
 */
const TYPED = /^(?:(?:\+250|00250|250)0?|0)?(\d{9})$/;
const NATIONAL = /^7[2389]\d{7}$/;

/** The number in E.164 ("+250788123456"), or null when it is no Rwandan mobile number. */
export function normaliseRwandanMobile(text: string): string | null {
  const national = TYPED.exec(text.trim().replace(/[\s\-.()]/g, ''))?.[1];
  return national !== undefined && NATIONAL.test(national) ? `+250${national}` : null;
}

/** A Rwandan mobile number in any form, or another country's written with its country code, in E.164; null otherwise (core's normaliseInternationalNumber). */
export function normaliseAnyPhoneNumber(text: string): string | null {
  const rwandan = normaliseRwandanMobile(text);
  if (rwandan !== null) return rwandan;
  const compact = text.trim().replace(/[\s\-.()]/g, '').replace(/^00/, '+');
  return /^\+[1-9]\d{7,14}$/.test(compact) && !compact.startsWith('+250') ? compact : null;
}

export function isRwandanMobile(text: string): boolean {
  return normaliseRwandanMobile(text) !== null;
}
