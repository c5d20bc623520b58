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

export class Authenticate {
  constructor(
    private readonly sessions: SessionStore,
    private readonly secrets: SecretTokens,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {}

  async execute(sessionToken: string): Promise<Result<Authenticated, 'unauthenticated'>> {
    const now = this.clock.now();
    // Every API request starts here: the session and its account in one read.
    const found = await this.sessions.findByToken(this.secrets.hash(sessionToken), now);
    if (!found || !isLive({ ...found, revokedAt: null }, now, this.policy)) return err('unauthenticated');
    if (needsTouch(found.lastSeenAt, now, this.policy)) await this.sessions.touch(found.sessionId, now);
    return ok({ user: found.user, sessionId: found.sessionId });
  }
}
