/**
 * RequestUssdAccessCode: a member signed in on the web asks for the code that will let the phone
 * number of their account open it by USSD (ussd-access.ts).
 *
 * Guarantees
 * - The code goes by SMS to the account's own phone number, never to a number given with the
 *   request: only whoever holds that SIM can read it. The number must be a Rwandan mobile number,
 *   as for a USSD registration (`phone_number_not_rwandan`); an account with none answers
 *   `ussd_access_needs_phone`.
 * - A number that already opens another account by USSD answers `phone_taken` and sends nothing:
 *   that account proved the number first (its SIM dialled, or its holder typed a code).
 * - At most CODES_PER_WINDOW codes per account and per number in CODE_WINDOW_SECONDS
 *   (`rate_limited` with the seconds to wait); a refused request still counts.
 * - The new code replaces any outstanding one, and it and its SMS commit together; the SMS keeps
 *   the code sealed in the outbox until it is delivered.
 */
import type { Outbox } from '../notifications/outbox.ts';
import type { Clock } from '../shared/clock.ts';
import { err, ok, rateLimited, type RateLimited, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AccountRepository, RateLimiter } from './ports.ts';
import { registrablePhone } from './register-by-phone.ts';
import { CODE_DIGITS, CODE_TTL_MS, CODE_WINDOW_SECONDS, CODES_PER_WINDOW, ussdAccessCodeSms, type OneTimeCodes, type UssdAccessCodes } from './ussd-access.ts';
import type { UssdPins } from './ussd-pins.ts';

export interface RequestUssdAccessCodeDeps {
  accounts: AccountRepository;
  pins: Pick<UssdPins, 'findByPhone'>;
  codes: UssdAccessCodes;
  oneTimeCodes: OneTimeCodes;
  limiter: RateLimiter;
  outbox: Outbox;
  uow: UnitOfWork;
  clock: Clock;
}

export type RequestUssdAccessCodeError = 'account_not_found' | 'ussd_access_needs_phone' | 'phone_number_not_rwandan' | 'phone_taken';

export interface UssdAccessCodeSent {
  /** The number the code went to (E.164). */
  readonly phoneNumber: string;
  readonly expiresAt: Date;
}

export class RequestUssdAccessCode {
  constructor(private readonly deps: RequestUssdAccessCodeDeps) {}

  async execute(input: { userId: string }): Promise<Result<UssdAccessCodeSent, RequestUssdAccessCodeError> | RateLimited> {
    const { accounts, pins, codes, oneTimeCodes, outbox, uow, clock } = this.deps;
    const user = await accounts.findById(input.userId);
    if (!user) return err('account_not_found');
    if (user.phoneNumber === null) return err('ussd_access_needs_phone');
    const phone = registrablePhone(user.phoneNumber);
    if (!phone.ok) return err('phone_number_not_rwandan');
    const holder = await pins.findByPhone(phone.value);
    if (holder && holder.userId !== user.id) return err('phone_taken');
    const limited = await this.withinLimits(user.id, phone.value);
    if (limited) return limited;
    const { code, hash } = oneTimeCodes.issue(CODE_DIGITS);
    const expiresAt = new Date(clock.now().getTime() + CODE_TTL_MS);
    await uow.run(async () => {
      await codes.put({ userId: user.id, phoneNumber: phone.value, codeHash: hash, attempts: 0, expiresAt });
      await outbox.enqueue(ussdAccessCodeSms(phone.value, user.language, code));
    });
    return ok({ phoneNumber: phone.value, expiresAt });
  }

  private async withinLimits(userId: string, phone: string): Promise<RateLimited | null> {
    const { limiter, clock } = this.deps;
    const now = clock.now();
    const byAccount = await limiter.hit(`ussd_access_code:account:${userId}`, CODE_WINDOW_SECONDS, now);
    const byNumber = await limiter.hit(`ussd_access_code:number:${phone}`, CODE_WINDOW_SECONDS, now);
    const waits = [byAccount, byNumber].filter((hit) => hit.count > CODES_PER_WINDOW).map((hit) => hit.resetInSeconds);
    return waits.length === 0 ? null : rateLimited(Math.max(...waits));
  }
}
