/**
 * SetUpUssdAccess: a member signed in on the web types the code sent to their phone and chooses a
 * PIN; from then on that phone opens this account by USSD (ussd-access.ts).
 *
 * Guarantees
 * - Nothing is linked without the account's outstanding code, typed right, before it expires, for
 *   the number the account still has: a code sent to a number the member has since changed is
 *   spent (`ussd_access_code_expired`). A wrong code answers `ussd_access_code_incorrect` with the
 *   tries left; the MAX_CODE_ATTEMPTS-th wrong try uses the code up. Tries are counted under the
 *   code's row lock, so concurrent guesses are all counted.
 * - The PIN follows the USSD PIN policy (pin-policy.ts: `pin_format`, `pin_weak`), checked before
 *   the code, so a typo in the PIN costs no try; only its hash is stored (PinHasher).
 * - One number, one account: a number another account opens by USSD answers `phone_taken` and
 *   links nothing (the code stays usable if that changes). Otherwise the account's USSD key
 *   becomes this number with this PIN, replacing a key it had (under this or an older number),
 *   and the code is used up, in one unit of work.
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AccountRepository } from './ports.ts';
import { checkNewPin, type PinFormatError } from './pin-policy.ts';
import { MAX_CODE_ATTEMPTS, type OneTimeCodes, type UssdAccessCodes } from './ussd-access.ts';
import type { PinHasher, UssdPins } from './ussd-pins.ts';

export interface SetUpUssdAccessDeps {
  accounts: AccountRepository;
  pins: UssdPins;
  codes: UssdAccessCodes;
  oneTimeCodes: OneTimeCodes;
  hasher: PinHasher;
  uow: UnitOfWork;
  clock: Clock;
}

export interface SetUpUssdAccessInput {
  userId: string;
  code: string;
  pin: string;
}

export type SetUpUssdAccessError = 'account_not_found' | 'ussd_access_code_expired' | 'ussd_access_code_incorrect' | 'phone_taken' | PinFormatError;

export type SetUpUssdAccessResult =
  | Result<{ phoneNumber: string }, Exclude<SetUpUssdAccessError, 'ussd_access_code_incorrect'>>
  | { readonly ok: false; readonly error: 'ussd_access_code_incorrect'; readonly attemptsLeft: number };

export class SetUpUssdAccess {
  constructor(private readonly deps: SetUpUssdAccessDeps) {}

  async execute(input: SetUpUssdAccessInput): Promise<SetUpUssdAccessResult> {
    const { accounts, pins, codes, oneTimeCodes, hasher, uow, clock } = this.deps;
    const pinProblem = checkNewPin(input.pin);
    if (pinProblem) return err(pinProblem);
    // Hash outside the transaction: it is the slow part and needs no database.
    const pinHash = await hasher.hash(input.pin);
    return uow.run(async (): Promise<SetUpUssdAccessResult> => {
      const user = await accounts.findById(input.userId);
      if (!user) return err('account_not_found');
      const now = clock.now();
      const code = await codes.lockOf(user.id);
      if (!code || code.expiresAt <= now || code.phoneNumber !== user.phoneNumber) {
        if (code) await codes.remove(user.id);
        return err('ussd_access_code_expired');
      }
      if (!oneTimeCodes.matches(input.code.trim(), code.codeHash)) {
        const attemptsLeft = MAX_CODE_ATTEMPTS - code.attempts - 1;
        if (attemptsLeft > 0) await codes.countWrongTry(user.id);
        else await codes.remove(user.id);
        return { ok: false, error: 'ussd_access_code_incorrect', attemptsLeft };
      }
      const holder = await pins.findByPhone(code.phoneNumber);
      if (holder && holder.userId !== user.id) return err('phone_taken');
      await pins.setForAccount({ phoneNumber: code.phoneNumber, userId: user.id, pinHash }, now);
      await codes.remove(user.id);
      return ok({ phoneNumber: code.phoneNumber });
    });
  }
}
