import { describe, expect, it } from 'vitest';
import { checkNewPin, FRESH_PIN_ACCESS, isPinShaped, LOCK_MINUTES, lockedUntil, type PinAccess, recordPinAttempt } from './pin-policy.ts';

const NOW = new Date('2026-03-10T08:00:00Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

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

  it('the 3rd wrong PIN in a row locks USSD access for 30 minutes', () => {
    let access: PinAccess = FRESH_PIN_ACCESS;
    const outcomes = [1, 2, 3].map(() => {
      const attempt = recordPinAttempt(access, false, NOW);
      access = attempt.access;
      return attempt.outcome;
    });
    expect(outcomes).toEqual([
      { kind: 'wrong', attemptsLeft: 2 },
      { kind: 'wrong', attemptsLeft: 1 },
      { kind: 'locked', until: later(LOCK_MINUTES) },
    ]);
    expect(lockedUntil(access, later(29))).toEqual(later(30));
    expect(lockedUntil(access, later(30))).toBeNull();
  });

  it('a right PIN clears the count of wrong ones', () => {
    const once = recordPinAttempt(recordPinAttempt(FRESH_PIN_ACCESS, false, NOW).access, false, NOW).access;
    const right = recordPinAttempt(once, true, NOW);
    expect(right).toEqual({ access: FRESH_PIN_ACCESS, outcome: { kind: 'right' } });
    expect(recordPinAttempt(right.access, false, NOW).outcome).toEqual({ kind: 'wrong', attemptsLeft: 2 });
  });

  it('after a lock ends the member has 3 attempts again', () => {
    const locked = { wrongInARow: 0, lockedUntil: later(-1).toISOString() };
    expect(lockedUntil(locked, NOW)).toBeNull();
    expect(recordPinAttempt(locked, false, NOW).outcome).toEqual({ kind: 'wrong', attemptsLeft: 2 });
  });
});
