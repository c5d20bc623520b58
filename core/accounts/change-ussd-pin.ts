/**
 * Change the USSD PIN of a phone number, proving the current one.
 *
 * Guarantees
 * - The PIN changes only when `oldPin` matches the stored hash (`pin_incorrect` otherwise, also
 *   for an unknown number); only the new PIN's hash is stored.
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { PasswordHasher } from './ports.ts';
import { phoneKey, type UssdPins } from './ussd-pins.ts';

export interface ChangeUssdPinDeps {
  pins: UssdPins;
  hasher: PasswordHasher;
  uow: UnitOfWork;
  clock: Clock;
}

export interface ChangeUssdPinInput {
  phoneNumber: string;
  oldPin: string;
  newPin: string;
}

export class ChangeUssdPin {
  constructor(private readonly deps: ChangeUssdPinDeps) {}

  async execute(input: ChangeUssdPinInput): Promise<Result<void, 'pin_incorrect'>> {
    const { pins, hasher, uow, clock } = this.deps;
    const phone = phoneKey(input.phoneNumber);
    const stored = phone.ok ? await pins.findByPhone(phone.value) : null;
    if (!stored || !(await hasher.verify(stored.pinHash, input.oldPin))) return err('pin_incorrect');
    const pinHash = await hasher.hash(input.newPin);
    await uow.run(() => pins.changeHash(stored.phoneNumber, pinHash, clock.now()));
    return ok(undefined);
  }
}
