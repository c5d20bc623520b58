/**
 * How long a session lives: the rule every request's authentication and the member's session list
 * apply (OWASP ASVS 4.0.3 V3.3.2, level 2: re-authentication after 12 hours, or after 30 minutes
 * of inactivity).
 *
 * Guarantees
 * - A session is live while it is not revoked, `now` is before its absolute expiry, and it was
 *   seen less than `idleMinutes` ago. Use never extends the absolute expiry.
 * - `lastSeenAt` is written at most once per `touchEverySeconds` per session, so authenticating a
 *   request costs no write in the common case; the idle limit is therefore exact to within that
 *   many seconds (in the member's favour).
 */
export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
  touchEverySeconds: number;
}

/** The embedded defaults; apps/config.ts reads SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS. */
export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMinutes: 30, absoluteHours: 12, touchEverySeconds: 60 };

export interface SessionTimes {
  expiresAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
}

export function absoluteExpiry(createdAt: Date, policy: SessionPolicy): Date {
  return new Date(createdAt.getTime() + policy.absoluteHours * 3_600_000);
}

/** When the session ends if it is not used again: the earlier of its idle and absolute limits. */
export function endsAt(session: SessionTimes, policy: SessionPolicy): Date {
  const idleEnd = session.lastSeenAt.getTime() + policy.idleMinutes * 60_000;
  return new Date(Math.min(idleEnd, session.expiresAt.getTime()));
}

export function isLive(session: SessionTimes, now: Date, policy: SessionPolicy): boolean {
  return session.revokedAt === null && now.getTime() < endsAt(session, policy).getTime();
}

/** Whether this use should be written down as `lastSeenAt`. */
export function needsTouch(lastSeenAt: Date, now: Date, policy: SessionPolicy): boolean {
  return now.getTime() - lastSeenAt.getTime() >= policy.touchEverySeconds * 1000;
}
