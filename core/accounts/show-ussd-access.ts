/**
 * ShowUssdAccess: what the Security page says about USSD access to the member's account.
 *
 * Guarantees
 * - `set_up`: the account's phone number opens it by USSD (its key is that number). `not_set_up`:
 *   it could, once the member types a code sent to it (with `codeExpiresAt` while one is
 *   outstanding). `no_phone`, `not_rwandan`: the profile has no number USSD can serve.
 *   `other_account`: the number already opens another account by USSD (one opened by phone
 *   before this account asked), so this one cannot take it.
 * - Reads only; a member sees only their own account.
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { AccountRepository } from './ports.ts';
import { registrablePhone } from './register-by-phone.ts';
import type { UssdAccessCodes } from './ussd-access.ts';
import type { UssdPins } from './ussd-pins.ts';

export type UssdAccessStatus = 'set_up' | 'not_set_up' | 'no_phone' | 'not_rwandan' | 'other_account';

export interface UssdAccessView {
  readonly status: UssdAccessStatus;
  /** The account's phone number, as stored. */
  readonly phoneNumber: string | null;
  /** When the outstanding code expires (null: none, or it is for another number). */
  readonly codeExpiresAt: Date | null;
}

export interface ShowUssdAccessDeps {
  accounts: AccountRepository;
  pins: Pick<UssdPins, 'findByPhone'>;
  codes: Pick<UssdAccessCodes, 'find'>;
  clock: Clock;
}

export class ShowUssdAccess {
  constructor(private readonly deps: ShowUssdAccessDeps) {}

  async execute(input: { userId: string }): Promise<Result<UssdAccessView, 'account_not_found'>> {
    const { accounts, pins, codes, clock } = this.deps;
    const user = await accounts.findById(input.userId);
    if (!user) return err('account_not_found');
    const phoneNumber = user.phoneNumber;
    if (phoneNumber === null) return ok({ status: 'no_phone', phoneNumber, codeExpiresAt: null });
    const phone = registrablePhone(phoneNumber);
    if (!phone.ok) return ok({ status: 'not_rwandan', phoneNumber, codeExpiresAt: null });
    const holder = await pins.findByPhone(phone.value);
    if (holder) return ok({ status: holder.userId === user.id ? 'set_up' : 'other_account', phoneNumber, codeExpiresAt: null });
    const code = await codes.find(user.id);
    const live = code && code.phoneNumber === phone.value && code.expiresAt > clock.now() ? code.expiresAt : null;
    return ok({ status: 'not_set_up', phoneNumber, codeExpiresAt: live });
  }
}
