/**
 * MikroOrmSessionStore: the core SessionStore over `sessions`, read with the account it signs in.
 *
 * Guarantees
 * - `findByToken` answers the session (id, last use, absolute expiry) and its account when it
 *   exists, is not revoked and is before its absolute expiry at the time given, as committed
 *   when the read runs; the idle rule is core's (core/accounts/session-policy.ts).
 * - Every API request asks it first, so the look-ups of the same moment share one statement
 *   (GroupCommit): each caller still gets its own session's account, mapped into its own
 *   request's EntityManager. The statement runs outside any caller's transaction.
 * - `touch` is one indexed update that never moves `last_seen_at` back; core calls it at most
 *   once a minute per session. It never waits for another request's touch of the same session
 *   (SKIP LOCKED): that one writes the same use.
 */
import type { EntityDictionary, EntityManager } from '@mikro-orm/postgresql';
import type { FoundSession, SessionStore } from '../../core/accounts/ports.ts';
import { Session } from '../../core/accounts/session.ts';
import { User } from '../../core/accounts/user.ts';
import { GroupCommit } from './group-commit.ts';
import { runPrepared } from './prepared-statements.ts';
import { sqlArray } from './sql-array.ts';

interface SessionLookup {
  tokenHash: string;
  now: Date;
}

type UserRow = EntityDictionary<User>;
interface FoundRow {
  sessionId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  user: UserRow;
}

/** Reads only: more batches may run at once than for the payments' transactions. */
const BATCHING = { maxBatch: 64, maxConcurrent: 4 } as const;

export class MikroOrmSessionStore implements SessionStore {
  private readonly lookups = new GroupCommit<SessionLookup, FoundRow | undefined>((asked) => this.findActiveRows(asked), BATCHING);
  /** The batches' own EntityManager: outside every request's context and transaction. */
  private readonly reader: EntityManager;

  constructor(private readonly em: EntityManager) {
    this.reader = em.fork();
  }

  async add(session: Session): Promise<void> {
    await this.em.insert(session);
  }

  async findByToken(tokenHash: string, now: Date): Promise<FoundSession | null> {
    const row = await this.lookups.submit({ tokenHash, now });
    return row ? { sessionId: row.sessionId, lastSeenAt: row.lastSeenAt, expiresAt: row.expiresAt, user: this.em.map(User, row.user) } : null;
  }

  async touch(sessionId: string, now: Date): Promise<void> {
    // SKIP LOCKED: a browser's screen sends its calls together, and once a minute each of them
    // finds the session due for a touch; the first one writes it, the others do not queue behind
    // its row lock and commit (the write they would make is the same, a moment older).
    await runPrepared(this.em,
      `update sessions set last_seen_at = $2 where id = (select id from sessions where id = $1 and last_seen_at < $2 for update skip locked)`,
      [sessionId, now],
    );
  }

  async revoke(tokenHash: string, now: Date): Promise<void> {
    await this.em.nativeUpdate(Session, { tokenHash, revokedAt: null }, { revokedAt: now });
  }

  listOpen(userId: string, now: Date): Promise<Session[]> {
    return this.em.find(Session, { userId, revokedAt: null, expiresAt: { $gt: now } }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  async revokeOne(userId: string, sessionId: string, now: Date): Promise<boolean> {
    const revoked = await this.em.nativeUpdate(Session, { id: sessionId, userId, revokedAt: null, expiresAt: { $gt: now } }, { revokedAt: now });
    return revoked > 0;
  }

  async revokeAllOf(userId: string, now: Date, exceptSessionId?: string): Promise<void> {
    const where = { userId, revokedAt: null, expiresAt: { $gt: now } };
    await this.em.nativeUpdate(Session, exceptSessionId === undefined ? where : { ...where, id: { $ne: exceptSessionId } }, { revokedAt: now });
  }

  /** One statement for many look-ups, answered in order (no row: no open session). */
  private async findActiveRows(asked: readonly SessionLookup[]): Promise<(FoundRow | undefined)[]> {
    // The batch may have been started from inside a caller's transaction: it reads outside it.
    const rows = await runPrepared<UserRow & { asked_index: string; session_id: string; session_last_seen_at: Date; session_expires_at: Date }>(
      this.reader,
      `select asked.i::text as asked_index, s.id as session_id, s.last_seen_at as session_last_seen_at, s.expires_at as session_expires_at, u.*
       from unnest($1::varchar[], $2::timestamptz[]) with ordinality as asked(token_hash, now, i)
       join sessions s on s.token_hash = asked.token_hash and s.revoked_at is null and s.expires_at > asked.now
       join users u on u.id = s.user_id`,
      [sqlArray(asked.map((a) => a.tokenHash)), sqlArray(asked.map((a) => a.now.toISOString()))],
    );
    const byIndex = new Map(
      rows.map(({ asked_index, session_id, session_last_seen_at, session_expires_at, ...user }) => [
        Number(asked_index),
        { sessionId: session_id, lastSeenAt: new Date(session_last_seen_at), expiresAt: new Date(session_expires_at), user: user as UserRow },
      ]),
    );
    return asked.map((_, i) => byIndex.get(i + 1));
  }
}
