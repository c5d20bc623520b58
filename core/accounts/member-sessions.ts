/**
 * A member's own sessions: the list of the live ones and revoking one of them.
 *
 * Guarantees
 * - The list holds only the member's live sessions (session-policy.ts), newest first, each with
 *   when it started, when it was last used, when it ends if left alone, where it was started
 *   from, and whether it is the session asking.
 * - A member revokes only their own sessions: another member's session id, an unknown id and a
 *   session already revoked or past its absolute expiry all answer `session_not_found` and change nothing.
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { SessionStore } from './ports.ts';
import { endsAt, isLive, type SessionPolicy } from './session-policy.ts';

export interface SessionSummary {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  endsAt: Date;
  clientIp: string | null;
  userAgent: string | null;
  current: boolean;
}

export class ListSessions {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {}

  async execute(userId: string, currentSessionId: string): Promise<SessionSummary[]> {
    const now = this.clock.now();
    const open = await this.sessions.listOpen(userId, now);
    return open
      .filter((session) => isLive(session, now, this.policy))
      .map((session) => ({
        id: session.id,
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        endsAt: endsAt(session, this.policy),
        clientIp: session.clientIp,
        userAgent: session.userAgent,
        current: session.id === currentSessionId,
      }));
  }
}

export class RevokeSession {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  async execute(userId: string, sessionId: string): Promise<Result<void, 'session_not_found'>> {
    return (await this.sessions.revokeOne(userId, sessionId, this.clock.now())) ? ok(undefined) : err('session_not_found');
  }
}
