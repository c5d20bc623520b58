/**
 * MikroOrmSessionStore: the core SessionStore over `sessions`, read with the account it signs in.
 *
 * Guarantees
 * - `findActiveUser` answers the account of a session that exists, is not revoked and has not
 *   expired at the time given, as committed when the read runs.
 * - Every API request asks it first, so the look-ups of the same moment share one statement
 *   (GroupCommit): each caller still gets its own session's account, mapped into its own
 *   request's EntityManager. The statement runs outside any caller's transaction.
 */
import type { EntityDictionary, EntityManager } from '@mikro-orm/postgresql';
import type { SessionStore } from '../../core/accounts/ports.ts';
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

/** Reads only: more batches may run at once than for the payments' transactions. */
const BATCHING = { maxBatch: 64, maxConcurrent: 4 } as const;

export class MikroOrmSessionStore implements SessionStore {
  private readonly lookups = new GroupCommit<SessionLookup, UserRow | undefined>((asked) => this.findActiveUserRows(asked), BATCHING);
  /** The batches' own EntityManager: outside every request's context and transaction. */
  private readonly reader: EntityManager;

  constructor(private readonly em: EntityManager) {
    this.reader = em.fork();
  }

  async add(session: Session): Promise<void> {
    await this.em.insert(session);
  }

  async findActiveUser(tokenHash: string, now: Date): Promise<User | null> {
    const row = await this.lookups.submit({ tokenHash, now });
    return row ? this.em.map(User, row) : null;
  }

  async revoke(tokenHash: string, now: Date): Promise<void> {
    await this.em.nativeUpdate(Session, { tokenHash, revokedAt: null }, { revokedAt: now });
  }

  /** One statement for many look-ups, answered in order (no row: no active session). */
  private async findActiveUserRows(asked: readonly SessionLookup[]): Promise<(UserRow | undefined)[]> {
    // The batch may have been started from inside a caller's transaction: it reads outside it.
    const rows = await runPrepared<UserRow & { asked_index: string }>(
      this.reader,
      `select asked.i::text as asked_index, u.*
       from unnest($1::varchar[], $2::timestamptz[]) with ordinality as asked(token_hash, now, i)
       join sessions s on s.token_hash = asked.token_hash and s.revoked_at is null and s.expires_at > asked.now
       join users u on u.id = s.user_id`,
      [sqlArray(asked.map((a) => a.tokenHash)), sqlArray(asked.map((a) => a.now.toISOString()))],
    );
    const byIndex = new Map(rows.map(({ asked_index, ...user }) => [Number(asked_index), user as UserRow]));
    return asked.map((_, i) => byIndex.get(i + 1));
  }
}
