/**
 * Verify the USSD PIN of a phone number.
 *
 * Guarantees
 * - Answers the account only when the number has a PIN and the PIN matches its hash; an unknown
 *   number answers `pin_incorrect` like a wrong PIN, so the answer tells nothing about which
 *   numbers have accounts.
 * - A matching PIN whose hash was made at another cost than the PIN hasher's is rehashed at its
 *   cost, once: the new hash replaces the old only if no PIN change came in between.
 * - How wrong PINs slow further tries is core/accounts/pin-slowdown.ts, applied by the USSD menu.
 * - `stored`, when given, is the number's PIN row (or null: none) as the caller just read it; the
 *   PIN is then checked against it without reading it again.
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { phoneKey, type PinHasher, type UssdPin, type UssdPins } from './ussd-pins.ts';

export interface VerifyUssdPinDeps {
  pins: UssdPins;
  hasher: PinHasher;
  uow: UnitOfWork;
  clock: Clock;
}

export interface VerifyUssdPinInput {
  phoneNumber: string;
  pin: string;
  /** The number's PIN row (null: none) as the caller just read it. */
  stored?: UssdPin | null;
}

export class VerifyUssdPin {
  constructor(private readonly deps: VerifyUssdPinDeps) {}

  async execute(input: VerifyUssdPinInput): Promise<Result<{ userId: string }, 'pin_incorrect'>> {
    const { pins, hasher, uow, clock } = this.deps;
    const phone = phoneKey(input.phoneNumber);
    const stored = !phone.ok ? null : input.stored !== undefined ? input.stored : await pins.findByPhone(phone.value);
    if (!stored || !(await hasher.verify(stored.pinHash, input.pin))) return err('pin_incorrect');
    if (hasher.needsRehash(stored.pinHash)) {
      const pinHash = await hasher.hash(input.pin);
      await uow.run(() => pins.replaceHash(stored.phoneNumber, stored.pinHash, pinHash, clock.now()));
    }
    return ok({ userId: stored.userId });
  }
}
