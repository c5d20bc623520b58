/**
 * Starting a session: every way in (password, registration, sign-in link, password reset) ends
 * here.
 *
 * Guarantees
 * - A new random session secret each time (so a sign-in never reuses an earlier session id),
 *   stored only as its hash, with the absolute expiry of the session policy.
 * - The client it was started from (address, user agent) is kept for the member's session list.
 */
import type { Clock, IdGenerator } from '../shared/clock.ts';
import type { SecretTokens, SessionStore } from './ports.ts';
import { Session, type SessionClient } from './session.ts';
import { absoluteExpiry, type SessionPolicy } from './session-policy.ts';
import type { User } from './user.ts';

export interface SignedIn {
  /** The session secret: the bearer token and the cookie value. */
  token: string;
  expiresAt: Date;
  user: User;
}

export interface SessionStarterDeps {
  sessions: SessionStore;
  secrets: SecretTokens;
  ids: IdGenerator;
  clock: Clock;
  sessionPolicy: SessionPolicy;
}

/** A domain service the ways in share (not a use case of its own: no channel calls it). */
export class SessionStarter {
  constructor(private readonly deps: SessionStarterDeps) {}

  async start(user: User, client: SessionClient): Promise<SignedIn> {
    const { sessions, secrets, ids, clock, sessionPolicy } = this.deps;
    const now = clock.now();
    const { token, hash } = secrets.issue();
    const expiresAt = absoluteExpiry(now, sessionPolicy);
    await sessions.add(new Session({ id: ids.newId(), userId: user.id, tokenHash: hash, createdAt: now, expiresAt, client }));
    return { token, expiresAt, user };
  }
}
