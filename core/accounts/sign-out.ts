/**
 * Sign out: this session, or every session of the member.
 *
 * Guarantees
 * - The session of the given secret is revoked: the secret is refused from then on, on every
 *   replica. Signing out an unknown or already revoked session changes nothing.
 * - Signing out everywhere revokes every session of the member, the current one included, and
 *   uses up the member's outstanding sign-in and reset links (an unread e-mail is a way in too).
 */
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { SecretTokens, SessionStore, SignInLinkStore } from './ports.ts';

export class SignOut {
  constructor(
    private readonly sessions: SessionStore,
    private readonly secrets: SecretTokens,
    private readonly clock: Clock,
  ) {}

  async execute(sessionToken: string): Promise<void> {
    await this.sessions.revoke(this.secrets.hash(sessionToken), this.clock.now());
  }
}

export class SignOutEverywhere {
  constructor(
    private readonly sessions: SessionStore,
    private readonly links: SignInLinkStore,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(userId: string): Promise<void> {
    await this.uow.run(async () => {
      const now = this.clock.now();
      await this.sessions.revokeAllOf(userId, now);
      await this.links.invalidateOutstanding(userId, now);
    });
  }
}
