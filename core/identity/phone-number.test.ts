import { describe, expect, it } from 'vitest';
import { normalisePhoneNumber, operatorOf } from './phone-number.ts';

describe('Rwandan mobile numbers', () => {
  it.each(['+250788123456', '+250 788 123 456', '250788123456', '0788123456', '078-812-3456', '788123456', '00250788123456', '(+250) 788.123.456'])(
    'normalises %s to E.164',
    (text) => {
      expect(normalisePhoneNumber(text)).toEqual({ ok: true, value: '+250788123456' });
    },
  );

  it.each(['+250748123456', '0788 12345', '+254788123456', '07881234567', 'phone', '', '+250 7881234567'])('refuses %s', (text) => {
    expect(normalisePhoneNumber(text)).toEqual({ ok: false, error: 'phone_number_invalid' });
  });

  it('hints the operator: 078/079 MTN, 072/073 Airtel', () => {
    expect(['+250788000000', '+250798000000', '+250728000000', '+250738000000'].map(operatorOf)).toEqual(['mtn', 'mtn', 'airtel', 'airtel']);
  });
});
