import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseInternationalNumber, normalisePhoneNumber, operatorOf } from './phone-number.ts';

const RWANDAN_E164 = /^\+2507[2389]\d{7}$/;

/** A Rwandan mobile number's 9 national digits: 7, one of the four ranges, 7 digits. */
const nationalNumber = fc
  .tuple(fc.constantFrom('2', '3', '8', '9'), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }))
  .map(([range, rest]) => `7${range}${rest.join('')}`);

/** The digits as a person may type them: a prefix, and separators between any two characters. */
function typed(prefixes: readonly string[], digits: fc.Arbitrary<string>) {
  return fc
    .record({
      prefix: fc.constantFrom(...prefixes),
      digits,
      separators: fc.array(fc.constantFrom('', '', '', ' ', '-', '.', '(', ')', '  '), { minLength: 20, maxLength: 20 }),
      padding: fc.constantFrom('', ' ', '\t'),
    })
    .map(({ prefix, digits, separators, padding }) => {
      const characters = [...`${prefix}${digits}`];
      return { text: `${padding}${characters.map((c, i) => `${c}${separators[i] ?? ''}`).join('')}${padding}`, digits };
    });
}

describe('Rwandan mobile numbers', () => {
  it.each(['0788555222', '788555222', '+250 788 555 222', '250788555222', '+250-788-555-222', '00250788555222', '(+250) 788.555.222', '+250 (0)788 555 222'])('normalises %s to +250788555222', (text) => {
    expect(normalisePhoneNumber(text)).toEqual({ ok: true, value: '+250788555222' });
  });

  it.each(['+250748123456', '0788 12345', '+254788123456', '07881234567', 'phone', '', '+250 7881234567', '0252123456'])('refuses %s', (text) => {
    expect(normalisePhoneNumber(text)).toEqual({ ok: false, error: 'phone_number_invalid' });
  });

  it('reads every typed form of a Rwandan mobile number as the same E.164 number', () => {
    fc.assert(
      fc.property(typed(['', '0', '250', '+250', '00250'], nationalNumber), ({ text, digits }) => {
        expect(normalisePhoneNumber(text)).toEqual({ ok: true, value: `+250${digits}` });
        expect(normaliseInternationalNumber(text)).toEqual({ ok: true, value: `+250${digits}` });
      }),
    );
  });

  it('is total and idempotent: any text is a +2507[2389]… number that reads as itself, or refused', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[+0-9 ()-]{0,20}$/)), (text) => {
        const read = normalisePhoneNumber(text);
        if (read.ok) {
          expect(read.value).toMatch(RWANDAN_E164);
          expect(normalisePhoneNumber(read.value)).toEqual(read);
        } else expect(read.error).toBe('phone_number_invalid');
      }),
    );
  });

  it('refuses a Rwandan number outside the four mobile ranges, however it is written', () => {
    const otherRange = fc
      .tuple(fc.constantFrom('0', '1', '4', '5', '6', '7'), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }))
      .map(([range, rest]) => `7${range}${rest.join('')}`);
    fc.assert(
      fc.property(typed(['', '0', '250', '+250', '00250'], otherRange), ({ text }) => {
        expect(normalisePhoneNumber(text).ok).toBe(false);
        expect(normaliseInternationalNumber(text).ok).toBe(false);
      }),
    );
  });

  it('hints the operator: 078/079 MTN, 072/073 Airtel', () => {
    expect(['+250788000000', '+250798000000', '+250728000000', '+250738000000'].map(operatorOf)).toEqual(['mtn', 'mtn', 'airtel', 'airtel']);
  });
});

describe('numbers of other countries', () => {
  it.each([
    ['+254 711 123 456', '+254711123456'],
    ['00256-772-123-456', '+256772123456'],
    ['+46733123450', '+46733123450'],
    ['0788 555 222', '+250788555222'],
  ])('reads %s as %s', (text, e164) => {
    expect(normaliseInternationalNumber(text)).toEqual({ ok: true, value: e164 });
  });

  it.each(['0711123456', '254711123456', '+250252123456', '+0711123456', '+1234567', '+1234567890123456', 'call me'])('refuses %s (no country code, a Rwandan landline, or no E.164 shape)', (text) => {
    expect(normaliseInternationalNumber(text)).toEqual({ ok: false, error: 'phone_number_invalid' });
  });

  it('reads any other country code written with + or 00 as its E.164 number, and that as itself', () => {
    const foreign = fc
      .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 14 }))
      .map(([first, rest]) => `${first}${rest.join('')}`)
      .filter((digits) => !digits.startsWith('250'));
    fc.assert(
      fc.property(typed(['+', '00'], foreign), ({ text, digits }) => {
        const read = normaliseInternationalNumber(text);
        expect(read).toEqual({ ok: true, value: `+${digits}` });
        expect(normaliseInternationalNumber(`+${digits}`)).toEqual(read);
        // Only Rwanda's own rule answers for Rwandan numbers.
        expect(normalisePhoneNumber(text).ok).toBe(false);
      }),
    );
  });

  it('is total and idempotent on any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[+0-9 ()-]{0,24}$/)), (text) => {
        const read = normaliseInternationalNumber(text);
        if (!read.ok) return;
        expect(read.value).toMatch(/^\+[1-9]\d{7,14}$/);
        expect(normaliseInternationalNumber(read.value)).toEqual(read);
      }),
    );
  });
});
