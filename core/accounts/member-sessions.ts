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

export interface ListSessionsDeps {
  sessions: SessionStore;
  clock: Clock;
  sessionPolicy: SessionPolicy;
}

export interface ListSessionsInput {
  userId: string;
  /** The session asking: marked `current` in the list. */
  currentSessionId: string;
}

export class ListSessions {
  constructor(private readonly deps: ListSessionsDeps) {}

  async execute(input: ListSessionsInput): Promise<SessionSummary[]> {
    const { sessions, clock, sessionPolicy } = this.deps;
    const now = clock.now();
    const open = await sessions.listOpen(input.userId, now);
    return open
      .filter((session) => isLive(session, now, sessionPolicy))
      .map((session) => ({
        id: session.id,
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        endsAt: endsAt(session, sessionPolicy),
        clientIp: session.clientIp,
        userAgent: session.userAgent,
        current: session.id === input.currentSessionId,
      }));
  }
}

export interface RevokeSessionDeps {
  sessions: SessionStore;
  clock: Clock;
}

export interface RevokeSessionInput {
  userId: string;
  sessionId: string;
}

export class RevokeSession {
  constructor(private readonly deps: RevokeSessionDeps) {}

  async execute(input: RevokeSessionInput): Promise<Result<void, 'session_not_found'>> {
    const { sessions, clock } = this.deps;
    return (await sessions.revokeOne(input.userId, input.sessionId, clock.now())) ? ok(undefined) : err('session_not_found');
  }
}
