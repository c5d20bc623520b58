import { describe, expect, it } from 'vitest';
import { isRwandanMobile, normaliseRwandanMobile } from './phone-number.ts';

describe('Rwandan mobile numbers', () => {
  it('reads the forms people type, as the server does', () => {
    for (const typed of ['+250788123456', '250788123456', '0788123456', '788123456', '00250788123456', '+250 (788) 123-456', '0788.123.456']) {
      expect(normaliseRwandanMobile(typed), typed).toBe('+250788123456');
    }
  });

  it('refuses what is no Rwandan mobile number', () => {
    for (const bad of ['', '12345', '+254712345678', '0700000000', '+250 788 123 4567', 'phone']) expect(isRwandanMobile(bad), bad).toBe(false);
  });
});
