import { describe, expect, it } from 'vitest';
import { localDate } from '../shared/calendar.ts';
import { ageOn, maskNationalId, parseNationalId, validateNationalId } from './national-id.ts';

const on = localDate(2026, 11, 22);

describe('national ID structure', () => {
  it('reads status digit, birth year and sex (8 male, 7 female), ignoring spaces and hyphens', () => {
    expect(parseNationalId('1 1990 8 0012345 0 12')).toEqual({ ok: true, value: { number: '1199080012345012', statusDigit: 1, birthYear: 1990, sex: 'male' } });
    expect(parseNationalId('3-2001-7-0012345-1-99')).toMatchObject({ ok: true, value: { statusDigit: 3, birthYear: 2001, sex: 'female' } });
  });

  it.each([
    ['119908001234501', 'too short'],
    ['11990800123450123', 'too long'],
    ['4199080012345012', 'status digit 4'],
    ['1189980012345012', 'birth year 1899'],
    ['1199060012345012', 'sex digit 6'],
    ['11990800123450a2', 'a letter'],
  ])('refuses %s (%s)', (text) => {
    expect(parseNationalId(text)).toEqual({ ok: false, error: 'national_id_invalid_format' });
  });
});

describe('national ID checks', () => {
  it('accepts an adult whose date of birth agrees with the year', () => {
    expect(validateNationalId('1199080012345012', { on, dateOfBirth: localDate(1990, 5, 17) }).ok).toBe(true);
  });

  it('refuses a date of birth in another year, a birth year in the future, and a minor', () => {
    expect(validateNationalId('1199080012345012', { on, dateOfBirth: localDate(1991, 5, 17) })).toEqual({ ok: false, error: 'national_id_birth_date_mismatch' });
    expect(validateNationalId('1202780012345012', { on })).toEqual({ ok: false, error: 'national_id_birth_year_in_future' });
    expect(validateNationalId('1200980012345012', { on, dateOfBirth: localDate(2009, 1, 1) })).toEqual({ ok: false, error: 'national_id_holder_under_18' });
    expect(validateNationalId('x', { on })).toEqual({ ok: false, error: 'national_id_invalid_format' });
  });

  it('is 18 on the 18th birthday, not the day before; without a date of birth assumes 1 January', () => {
    expect(validateNationalId('1200880012345012', { on: localDate(2026, 11, 22), dateOfBirth: localDate(2008, 11, 22) }).ok).toBe(true);
    expect(validateNationalId('1200880012345012', { on: localDate(2026, 11, 21), dateOfBirth: localDate(2008, 11, 22) }).ok).toBe(false);
    expect(validateNationalId('1200880012345012', { on: localDate(2026, 1, 1) }).ok).toBe(true);
    expect(validateNationalId('1200880012345012', { on: localDate(2025, 12, 31) }).ok).toBe(false);
  });

  it('counts a 29 February birthday on 1 March in common years', () => {
    expect(ageOn(localDate(2008, 2, 29), localDate(2026, 2, 28))).toBe(17);
    expect(ageOn(localDate(2008, 2, 29), localDate(2026, 3, 1))).toBe(18);
  });

  it('masks all but the last four digits', () => {
    expect(maskNationalId('1199080012345012')).toBe('************5012');
    expect(maskNationalId('12')).toBe('12');
  });
});
