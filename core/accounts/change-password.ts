/**
 * Change the password of the signed-in member.
 *
 * Guarantees
 * - The current password is required and checked under the same progressive slowing as a
 *   sign-in (a stolen session cannot be used to guess it quickly); a wrong one answers
 *   `current_password_incorrect` and changes nothing. An account without a password (opened with
 *   Google) has no current password to give: it sets one through a reset link.
 * - The new password is stored only as its hash. Every OTHER session of the member is revoked
 *   and the member's outstanding sign-in and reset links are used up, in one transaction with an
 *   e-mail telling the member of the change; the session that asked stays signed in.
 */
import type { Outbox } from '../notifications/outbox.ts';
import type { Clock } from '../shared/clock.ts';
import { err, ok, type RateLimited, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { passwordChangedEmail } from './password-emails.ts';
import type { AccountRepository, PasswordHasher, SessionStore, SignInLinkStore } from './ports.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

export interface ChangePasswordInput {
  userId: string;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  clientIp: string;
}

export interface ChangePasswordDeps {
  accounts: AccountRepository;
  passwords: PasswordHasher;
  sessions: SessionStore;
  links: SignInLinkStore;
  throttle: SignInThrottle;
  outbox: Outbox;
  uow: UnitOfWork;
  clock: Clock;
  publicBaseUrl: string;
}

export class ChangePassword {
  constructor(private readonly deps: ChangePasswordDeps) {}

  async execute(input: ChangePasswordInput): Promise<Result<void, 'current_password_incorrect'> | RateLimited> {
    const { accounts, passwords, sessions, links, throttle, outbox, uow, clock, publicBaseUrl } = this.deps;
    const user = await accounts.findById(input.userId);
    if (!user) return err('current_password_incorrect');
    const account = user.email ?? user.id;
    const limited = await throttle.begin(account, input.clientIp);
    if (limited) return limited;
    if (user.passwordHash === null || !(await passwords.verify(user.passwordHash, input.currentPassword))) return err('current_password_incorrect');
    await throttle.succeeded(account, input.clientIp);
    // Hash outside the transaction: it is the slow part and needs no database.
    const passwordHash = await passwords.hash(input.newPassword);
    await uow.run(async () => {
      const now = clock.now();
      user.setPasswordHash(passwordHash, now);
      await accounts.save(user);
      await sessions.revokeAllOf(user.id, now, input.sessionId);
      await links.invalidateOutstanding(user.id, now);
      if (user.email !== null) await outbox.enqueue(passwordChangedEmail({ ...user, email: user.email }, publicBaseUrl));
    });
    return ok(undefined);
  }
}
