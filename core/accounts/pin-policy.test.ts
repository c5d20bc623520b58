import { describe, expect, it } from 'vitest';
import { checkNewPin, isPinShaped } from './pin-policy.ts';

describe('PIN policy', () => {
  it('a PIN is exactly 5 ASCII digits', () => {
    expect(['24680', '00001'].every(isPinShaped)).toBe(true);
    expect(['2468', '246801', '2468a', ' 24680', '', '\u0662\u0664\u0666\u0668\u0660'].some(isPinShaped)).toBe(false);
    expect(checkNewPin('1234')).toBe('pin_format');
  });

  it('refuses trivially guessable PINs: one digit repeated or a run up or down', () => {
    for (const pin of ['00000', '77777', '12345', '23456', '56789', '89012', '54321', '98765', '10987']) expect(checkNewPin(pin), pin).toBe('pin_weak');
    for (const pin of ['24680', '13579', '12344', '11112', '90210']) expect(checkNewPin(pin), pin).toBeNull();
  });
});
