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

export interface SignOutDeps {
  sessions: SessionStore;
  secrets: SecretTokens;
  clock: Clock;
}

export interface SignOutInput {
  sessionToken: string;
}

export class SignOut {
  constructor(private readonly deps: SignOutDeps) {}

  async execute(input: SignOutInput): Promise<void> {
    const { sessions, secrets, clock } = this.deps;
    await sessions.revoke(secrets.hash(input.sessionToken), clock.now());
  }
}

export interface SignOutEverywhereDeps {
  sessions: SessionStore;
  links: SignInLinkStore;
  uow: UnitOfWork;
  clock: Clock;
}

export interface SignOutEverywhereInput {
  userId: string;
}

export class SignOutEverywhere {
  constructor(private readonly deps: SignOutEverywhereDeps) {}

  async execute(input: SignOutEverywhereInput): Promise<void> {
    const { sessions, links, uow, clock } = this.deps;
    await uow.run(async () => {
      const now = clock.now();
      await sessions.revokeAllOf(input.userId, now);
      await links.invalidateOutstanding(input.userId, now);
    });
  }
}
