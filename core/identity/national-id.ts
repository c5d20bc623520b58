/**
 * Rwandan national ID number (NIN): structure, birth year, sex, age, and its masked display.
 *
 * Guarantees
 * - A NIN is 16 digits `S YYYY G NNNNNNN I CC` matching /^[1-3](19|20)\d{2}[78]\d{7}\d\d{2}$/
 *   (PROVIDERS.md §4); spaces and hyphens people type are ignored. The check digits are secret,
 *   so only the structure is validated.
 * - The status digit (1–3) is kept as a digit: sources disagree on refugee/foreigner, so no rule
 *   branches on it. Digit 6 gives the sex: 8 male, 7 female.
 * - A given date of birth must fall in the NIN's birth year; a birth year after the day of the
 *   check is refused.
 * - The holder must be 18 or older on the day of the check. Without a date of birth, 1 January of
 *   the birth year is assumed (what many cards print, per NIDA).
 * - `maskNationalId` shows only the last four digits.
 */
import { compareDates, type LocalDate } from '../shared/calendar.ts';
import { err, ok, type Result } from '../shared/result.ts';

export const ADULT_AGE = 18;
const NIN = /^[1-3](19|20)\d{2}[78]\d{7}\d\d{2}$/;

export type NationalIdError =
  | 'national_id_invalid_format'
  | 'national_id_birth_year_in_future'
  | 'national_id_birth_date_mismatch'
  | 'national_id_holder_under_18';

export interface NationalId {
  readonly number: string;
  readonly statusDigit: 1 | 2 | 3;
  readonly birthYear: number;
  readonly sex: 'male' | 'female';
}

export function parseNationalId(text: string): Result<NationalId, 'national_id_invalid_format'> {
  const number = text.replace(/[\s-]/g, '');
  if (!NIN.test(number)) return err('national_id_invalid_format');
  return ok({
    number,
    statusDigit: Number(number[0]) as 1 | 2 | 3,
    birthYear: Number(number.slice(1, 5)),
    sex: number[5] === '8' ? 'male' : 'female',
  });
}

/** Age in whole years on `on`, birthdays on 29 February counted on 1 March in common years. */
export function ageOn(dateOfBirth: LocalDate, on: LocalDate): number {
  const hadBirthday = compareDates({ year: on.year, month: dateOfBirth.month, day: dateOfBirth.day }, on) <= 0;
  return on.year - dateOfBirth.year - (hadBirthday ? 0 : 1);
}

export function validateNationalId(
  text: string,
  check: { on: LocalDate; dateOfBirth?: LocalDate },
): Result<NationalId, NationalIdError> {
  const parsed = parseNationalId(text);
  if (!parsed.ok) return parsed;
  const id = parsed.value;
  if (id.birthYear > check.on.year) return err('national_id_birth_year_in_future');
  if (check.dateOfBirth && check.dateOfBirth.year !== id.birthYear) return err('national_id_birth_date_mismatch');
  const born = check.dateOfBirth ?? { year: id.birthYear, month: 1, day: 1 };
  if (ageOn(born, check.on) < ADULT_AGE) return err('national_id_holder_under_18');
  return ok(id);
}

/** "************5678": how a NIN is shown to anyone but its owner. */
export function maskNationalId(number: string): string {
  return `${'*'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;
}
