/**
 * Verify the USSD PIN of a phone number.
 *
 * Guarantees
 * - Answers the account only when the number has a PIN and the PIN matches its hash; an unknown
 *   number answers `pin_incorrect` like a wrong PIN, so the answer tells nothing about which
 *   numbers have accounts.
 * - Counting wrong PINs and locking access is the channel's policy (ussd/pin-policy.ts).
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { PasswordHasher } from './ports.ts';
import { phoneKey, type UssdPins } from './ussd-pins.ts';

export class VerifyUssdPin {
  constructor(private readonly deps: { pins: UssdPins; hasher: PasswordHasher }) {}

  async execute(input: { phoneNumber: string; pin: string }): Promise<Result<{ userId: string }, 'pin_incorrect'>> {
    const phone = phoneKey(input.phoneNumber);
    const stored = phone.ok ? await this.deps.pins.findByPhone(phone.value) : null;
    if (!stored || !(await this.deps.hasher.verify(stored.pinHash, input.pin))) return err('pin_incorrect');
    return ok({ userId: stored.userId });
  }
}
