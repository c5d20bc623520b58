/**
 * Register an account by phone (USSD): names, language and a PIN, no e-mail and no password.
 *
 * Guarantees
 * - Only Rwandan mobile numbers (+250 7x…, core/identity/phone-number.ts) register: a foreign number
 *   answers `phone_number_not_rwandan`, anything that is no phone number `phone_number_invalid`.
 *   Foreign numbers keyed before this rule keep their accounts (ussd-pins.ts keys them still).
 * - One account per phone number, also under concurrent registrations (`phone_taken`); a refused
 *   registration writes nothing.
 * - Never a second account for the holder of a web account: a number that an account opened on
 *   the web gives as its phone answers `phone_on_web_account`, unless the caller has said, after
 *   being told so, that the web account is not theirs (`notTheWebAccountHolder`). A typed number
 *   proves nothing, so it cannot keep its SIM's holder out of USSD, and the web account's holder
 *   links the phone from the web (set-up-ussd-access.ts) instead of registering again.
 * - The PIN is stored only as its hash (PasswordHasher, as passwords); the account's profile
 *   phone is the same number, so payouts and SMS reach it.
 * - The PIN's shape is the USSD PIN policy (pin-policy.ts), checked by the menu before this is called.
 */
import { normalisePhoneNumber } from '../identity/phone-number.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AccountRepository, PasswordHasher } from './ports.ts';
import { type Language, User } from './user.ts';
import { phoneKey, type UssdPins } from './ussd-pins.ts';

export interface RegisterByPhoneInput {
  phoneNumber: string;
  firstName: string;
  lastName: string;
  pin: string;
  language: Language;
  /** The caller was told that a web account gives this number and answered that it is not theirs. */
  notTheWebAccountHolder?: boolean;
}

export type RegisterByPhoneError = 'phone_taken' | 'phone_on_web_account' | 'phone_number_invalid' | 'phone_number_not_rwandan';

/** The key of a number that may open an account by phone: the product serves Rwanda, and pays only Rwandan mobile money. */
export function registrablePhone(raw: string): Result<string, 'phone_number_invalid' | 'phone_number_not_rwandan'> {
  const rwandan = normalisePhoneNumber(raw);
  if (rwandan.ok) return rwandan;
  return phoneKey(raw).ok ? err('phone_number_not_rwandan') : rwandan;
}

export interface RegisterByPhoneDeps {
  accounts: AccountRepository;
  pins: UssdPins;
  hasher: PasswordHasher;
  uow: UnitOfWork;
  ids: IdGenerator;
  clock: Clock;
}

export class RegisterByPhone {
  constructor(private readonly deps: RegisterByPhoneDeps) {}

  async execute(input: RegisterByPhoneInput): Promise<Result<{ userId: string }, RegisterByPhoneError>> {
    const { accounts, pins, hasher, uow, ids, clock } = this.deps;
    const phone = registrablePhone(input.phoneNumber);
    if (!phone.ok) return phone;
    if (await pins.findByPhone(phone.value)) return err('phone_taken');
    if (!input.notTheWebAccountHolder && (await accounts.webAccountHasPhone(phone.value))) return err('phone_on_web_account');
    // Hash outside the transaction: it is the slow part and needs no database.
    const pinHash = await hasher.hash(input.pin);
    return uow.run(async () => {
      const now = clock.now();
      const userId = ids.newId();
      // The PIN row first: it is the one that can lose a race, and losing it must write nothing.
      if ((await pins.add({ phoneNumber: phone.value, userId, pinHash }, now)) === 'phone_taken') return err('phone_taken');
      const user = new User({
        id: userId,
        email: null,
        passwordHash: null,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        phoneNumber: phone.value,
        language: input.language,
        emailVerified: false,
        createdAt: now,
      });
      await accounts.add(user);
      return ok({ userId });
    });
  }
}
