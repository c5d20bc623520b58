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
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { RateLimited } from './attempt-limits.ts';
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

export class ChangePassword {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly links: SignInLinkStore,
    private readonly throttle: SignInThrottle,
    private readonly outbox: Outbox,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly publicBaseUrl: string,
  ) {}

  async execute(input: ChangePasswordInput): Promise<Result<void, 'current_password_incorrect'> | RateLimited> {
    const user = await this.accounts.findById(input.userId);
    if (!user) return err('current_password_incorrect');
    const account = user.email ?? user.id;
    const limited = await this.throttle.begin(account, input.clientIp);
    if (limited) return limited;
    if (user.passwordHash === null || !(await this.passwords.verify(user.passwordHash, input.currentPassword))) return err('current_password_incorrect');
    await this.throttle.succeeded(account, input.clientIp);
    // Hash outside the transaction: it is the slow part and needs no database.
    const passwordHash = await this.passwords.hash(input.newPassword);
    await this.uow.run(async () => {
      const now = this.clock.now();
      user.setPasswordHash(passwordHash, now);
      await this.accounts.save(user);
      await this.sessions.revokeAllOf(user.id, now, input.sessionId);
      await this.links.invalidateOutstanding(user.id, now);
      if (user.email !== null) await this.outbox.enqueue(passwordChangedEmail({ ...user, email: user.email }, this.publicBaseUrl));
    });
    return ok(undefined);
  }
}
