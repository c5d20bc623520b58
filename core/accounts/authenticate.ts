/**
 * Authenticate a request by its session secret.
 *
 * Guarantees
 * - Answers the account only for a session that exists, is not revoked, is before its absolute
 *   expiry and has not been idle too long (session-policy.ts).
 * - One read per request; the use is written down (`lastSeenAt`) at most once per
 *   `touchEverySeconds` per session, not on every request.
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { SecretTokens, SessionStore } from './ports.ts';
import { isLive, needsTouch, type SessionPolicy } from './session-policy.ts';
import type { User } from './user.ts';

export interface Authenticated {
  user: User;
  sessionId: string;
}

export interface AuthenticateDeps {
  sessions: SessionStore;
  secrets: SecretTokens;
  clock: Clock;
  sessionPolicy: SessionPolicy;
}

export interface AuthenticateInput {
  sessionToken: string;
}

export class Authenticate {
  constructor(private readonly deps: AuthenticateDeps) {}

  async execute(input: AuthenticateInput): Promise<Result<Authenticated, 'unauthenticated'>> {
    const { sessions, secrets, clock, sessionPolicy } = this.deps;
    const now = clock.now();
    // Every API request starts here: the session and its account in one read.
    const found = await sessions.findByToken(secrets.hash(input.sessionToken), now);
    if (!found || !isLive({ ...found, revokedAt: null }, now, sessionPolicy)) return err('unauthenticated');
    if (needsTouch(found.lastSeenAt, now, sessionPolicy)) await sessions.touch(found.sessionId, now);
    return ok({ user: found.user, sessionId: found.sessionId });
  }
}
