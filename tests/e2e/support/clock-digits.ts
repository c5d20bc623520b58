/**
 * Digits from the clock that make a browser test's phone numbers (and the codes and e-mails beside
 * them) its own, as `+250788${clockDigits()}`.
 *
 * Guarantee: never digits whose number the embedded mobile-money sandbox reads as one of MTN's
 * test numbers (a Rwandan number ending in 450–454: fails, is rejected, expires, stays ongoing,
 * stays pending for ever; apps/payments/sandbox-test-numbers.ts). A payment or payout to such a
 * number never completes, and taken from the clock alone one run in 200 met one.
 */
import { sandboxTwin } from '../../../apps/payments/sandbox-test-numbers.ts';

/** The last `count` digits of the clock's milliseconds, moved on by ten while they would end a test number. */
export function clockDigits(count = 6): string {
  const modulus = 10 ** count;
  for (let n = Date.now() % modulus; ; n = (n + 10) % modulus) {
    const digits = String(n).padStart(count, '0');
    const phone = `+250788${digits.padStart(6, '0').slice(-6)}`;
    if (sandboxTwin(phone) === phone) return digits;
  }
}
