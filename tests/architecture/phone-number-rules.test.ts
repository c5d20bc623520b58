/**
 * One rule of phone numbers, checked where it is copied or could drift: the web client's early
 * check (web/src/lib/phone-number.ts, which may not import core) reads every text as core does,
 * and core's hand-written Rwandan rule agrees with libphonenumber's metadata for Rwanda, narrowed
 * to the ranges whose mobile money the product pays (docs/decisions/0060-one-phone-number-one-member.md).
 */
import fc from 'fast-check';
import { PhoneNumberFormat, PhoneNumberUtil } from 'google-libphonenumber';
import { describe, expect, it } from 'vitest';
import { normaliseInternationalNumber, normalisePhoneNumber } from '../../core/identity/phone-number.ts';
import { normaliseAnyPhoneNumber, normaliseRwandanMobile } from '../../web/src/lib/phone-number.ts';

const util = PhoneNumberUtil.getInstance();
/** What libphonenumber says of a text read in Rwanda: its E.164 form when it is a valid Rwandan mobile number, else null. */
function libphonenumberRwandanMobile(text: string): string | null {
  try {
    const parsed = util.parse(text, 'RW');
    if (util.getRegionCodeForNumber(parsed) !== 'RW' || !util.isValidNumber(parsed)) return null;
    return util.getNumberType(parsed) === 1 /* MOBILE */ ? util.format(parsed, PhoneNumberFormat.E164) : null;
  } catch {
    return null;
  }
}

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
/** Numbers near Rwanda's plan: any 7x range, landlines, wrong lengths, with the prefixes people type. */
const nearRwandan = fc
  .record({ prefix: fc.constantFrom('', '0', '250', '+250', '+250 ', '00250'), national: fc.oneof(digits(9).map((d) => `7${d.slice(1)}`), digits(9), digits(8), digits(10)) })
  .map(({ prefix, national }) => `${prefix}${national}`);

describe('phone number rules agree', () => {
  it("the web client's checks read every text as core's readers", () => {
    const international = fc.tuple(fc.constantFrom('+', '00', '+ ', ''), fc.stringMatching(/^[0-9 ()-]{0,18}$/)).map(([prefix, rest]) => `${prefix}${rest}`);
    fc.assert(
      fc.property(fc.oneof(nearRwandan, international, fc.string()), (text) => {
        const rwandan = normalisePhoneNumber(text);
        expect(normaliseRwandanMobile(text)).toBe(rwandan.ok ? rwandan.value : null);
        const any = normaliseInternationalNumber(text);
        expect(normaliseAnyPhoneNumber(text)).toBe(any.ok ? any.value : null);
      }),
      { numRuns: 2000 },
    );
  });

  it("core's Rwandan mobile numbers are libphonenumber's, less 077 (no operator serves it, so no mobile money pays it)", () => {
    fc.assert(
      fc.property(nearRwandan, (text) => {
        const core = normalisePhoneNumber(text);
        const reference = libphonenumberRwandanMobile(text);
        if (core.ok) expect(reference).toBe(core.value);
        else if (reference !== null) expect(reference).toMatch(/^\+25077/);
      }),
      { numRuns: 2000 },
    );
  });
});
