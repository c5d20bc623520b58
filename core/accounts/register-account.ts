/**
 * Register an account with e-mail and password.
 *
 * Guarantees
 * - One account per normalised e-mail address, also under concurrent registrations
 *   (`email_taken`).
 * - The password is stored only as its hash; the new member is signed in at once.
 * - A phone number, when given, is stored in E.164 (core/identity/phone-number.ts: a Rwandan
 *   mobile number in any form, another country's with its country code); anything else answers
 *   `phone_number_invalid` and writes nothing. A typed number proves nothing: it opens no USSD
 *   access (core/accounts/set-up-ussd-access.ts proves it first).
 * - Counted against the attempt limits of the address and of the client IP.
 */
import { normaliseInternationalNumber } from '../identity/phone-number.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type RateLimited, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import type { AccountRepository, PasswordHasher } from './ports.ts';
import type { SessionStarter, SignedIn } from './start-session.ts';
import { type Language, normalizeEmail, User } from './user.ts';

export interface RegisterAccountInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  language: Language;
  clientIp: string;
  userAgent: string | null;
}

export interface RegisterAccountDeps {
  accounts: AccountRepository;
  passwords: PasswordHasher;
  starter: SessionStarter;
  limits: AttemptLimits;
  uow: UnitOfWork;
  ids: IdGenerator;
  clock: Clock;
}

export class RegisterAccount {
  constructor(private readonly deps: RegisterAccountDeps) {}

  async execute(input: RegisterAccountInput): Promise<Result<SignedIn, 'email_taken' | 'phone_number_invalid'> | RateLimited> {
    const { accounts, passwords, starter, limits, uow, ids, clock } = this.deps;
    const email = normalizeEmail(input.email);
    const phone = input.phoneNumber === null ? null : normaliseInternationalNumber(input.phoneNumber);
    if (phone && !phone.ok) return phone;
    const limited = await limits.check('register', email, input.clientIp);
    if (limited) return limited;
    if (await accounts.findByEmail(email)) return err('email_taken');
    // Hash outside the transaction: it is the slow part and needs no database.
    const passwordHash = await passwords.hash(input.password);
    return uow.run(async () => {
      const user = new User({
        id: ids.newId(),
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: phone === null ? null : phone.value,
        language: input.language,
        emailVerified: false,
        createdAt: clock.now(),
      });
      if ((await accounts.add(user)) === 'email_taken') return err('email_taken');
      return ok(await starter.start(user, { ip: input.clientIp, userAgent: input.userAgent }));
    });
  }
}
