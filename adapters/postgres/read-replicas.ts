/**
 * Read replicas (`DATABASE_READ_URL`): PostgreSQL streaming standbys that take the reads README
 * lists as replica-safe, through MikroORM's replicas (orm.ts opens their pools with the primary's).
 *
 * Guarantees
 * - Only what an adapter sends with `readFromReplica` may reach a replica: MikroORM is opened with
 *   `preferReadReplicas: false`, so everything else, and every statement inside a unit of work's
 *   transaction (a use case that then writes), goes to the primary.
 * - A replica is used only while it is known to be a standby that has replayed at least what the
 *   primary had written `maxLagSeconds` ago (its replay LSN against samples of the primary's WAL
 *   insert position: the write position lags behind it under `synchronous_commit = off`).
 *   The check runs in the background at most once a second, started by the reads themselves; until
 *   a replica is known fresh, and as soon as it lags, stops or fails a read, its reads go to the
 *   primary, without an error to the member (a failed read is retried there once).
 * - A member's own reads go to the primary for `afterWriteSeconds` after a change they made on the
 *   web (`recordWrite`, called by apps/server.ts after a successful request that changes
 *   something; kept in `recent_writes`, an unlogged table read and written on the primary only).
 *   The member is the one `readingAs` names for the request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Configuration } from '@mikro-orm/core';
import { PostgreSqlDriver, type EntityManager, type MikroORM, type PostgreSqlConnection } from '@mikro-orm/postgresql';

export interface ReadReplicaSettings {
  /** How far behind the primary a replica may be and still take reads. */
  maxLagSeconds: number;
  /** How long after a member's change their own reads stay on the primary. */
  afterWriteSeconds: number;
}

/** The PostgreSQL driver with its replica connections in reach of the health check. */
export class ReplicatedPostgreSqlDriver extends PostgreSqlDriver {
  readReplicas(): readonly PostgreSqlConnection[] {
    return this.replicas;
  }
}

/** A PostgreSQL LSN ("16/B374D848") as a number of bytes. */
export function lsnBytes(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

interface LsnSample {
  at: number;
  lsn: bigint;
}

const CHECK_EVERY_MS = 1_000;

/** One ORM's replicas: which are fresh now, and the member whose reads these are. */
class ReadRouting {
  private fresh: PostgreSqlConnection[] = [];
  private samples: LsnSample[] = [];
  private lastCheck = 0;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly replicas: readonly PostgreSqlConnection[],
    readonly settings: ReadReplicaSettings,
  ) {}

  /** A fresh replica, or none (read the primary); starts a check when the last is a second old. */
  pick(): PostgreSqlConnection | undefined {
    if (Date.now() - this.lastCheck >= CHECK_EVERY_MS) void this.check();
    if (this.fresh.length === 0) return undefined;
    return this.fresh[Math.floor(Math.random() * this.fresh.length)];
  }

  /** Takes a replica out of rotation until the next check finds it fresh again. */
  drop(replica: PostgreSqlConnection): void {
    this.fresh = this.fresh.filter((r) => r !== replica);
  }

  /** Runs one check at a time; answers when it is done (the tests wait for it). */
  check(): Promise<void> {
    this.checking ??= this.measure().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async measure(): Promise<void> {
    this.lastCheck = Date.now();
    let primary: LsnSample;
    try {
      const [row] = await this.orm.em.getConnection('write').execute<{ lsn: string }[]>('select pg_current_wal_insert_lsn()::text as lsn');
      primary = { at: Date.now(), lsn: lsnBytes(row!.lsn) };
    } catch {
      this.fresh = [];
      return;
    }
    const horizon = primary.at - this.settings.maxLagSeconds * 1000;
    this.samples = [...this.samples.filter((s) => s.at >= horizon - CHECK_EVERY_MS * 2), primary];
    // What the primary had written `maxLagSeconds` ago (the oldest sample kept, while there is no older one).
    const due = [...this.samples].reverse().find((s) => s.at <= horizon) ?? this.samples[0]!;
    const verdicts = await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          const [row] = await replica.execute<{ standby: boolean; replayed: string | null }[]>('select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed');
          return row?.standby === true && row.replayed !== null && lsnBytes(row.replayed) >= due.lsn;
        } catch {
          return false;
        }
      }),
    );
    this.fresh = this.replicas.filter((_, i) => verdicts[i]);
  }

  async recordWrite(memberId: string): Promise<void> {
    await this.orm.em
      .getConnection('write')
      .execute('insert into recent_writes (member_id, at) values (?, now()) on conflict (member_id) do update set at = excluded.at', [memberId]);
  }

  async wroteRecently(memberId: string): Promise<boolean> {
    const rows = await this.orm.em
      .getConnection('write')
      .execute<{ recent: boolean }[]>('select at > now() - make_interval(secs => ?) as recent from recent_writes where member_id = ?', [this.settings.afterWriteSeconds, memberId]);
    return rows[0]?.recent === true;
  }
}

const routings = new WeakMap<Configuration, ReadRouting>();

/** Called by openOrm when replicas are configured. */
export function routeReads(orm: MikroORM, settings: ReadReplicaSettings): void {
  const driver = orm.driver;
  if (!(driver instanceof ReplicatedPostgreSqlDriver)) throw new Error('read replicas need the ReplicatedPostgreSqlDriver (orm.ts)');
  routings.set(orm.config, new ReadRouting(orm, driver.readReplicas(), settings));
}

/** Checks the replicas now (the tests, and the first reads after a start, need not wait a second). */
export function checkReplicas(orm: MikroORM): Promise<void> {
  return routings.get(orm.config)?.check() ?? Promise.resolve();
}

interface ReadingAs {
  member(): string | undefined;
  wroteRecently?: Promise<boolean>;
}
const readingAs = new AsyncLocalStorage<ReadingAs>();

/** Runs a request's work knowing whose it is (`member` is asked when a read needs it). */
export function readAs<T>(member: () => string | undefined, work: () => Promise<T>): Promise<T> {
  return readingAs.run({ member }, work);
}

/** Notes that the member changed something, when the ORM has replicas: their next reads go to the primary. */
export async function recordWrite(orm: MikroORM, memberId: string): Promise<void> {
  await routings.get(orm.config)?.recordWrite(memberId);
}

async function mustReadPrimary(routing: ReadRouting): Promise<boolean> {
  const reading = readingAs.getStore();
  const memberId = reading?.member();
  if (!reading || memberId === undefined) return false;
  reading.wroteRecently ??= routing.wroteRecently(memberId);
  return reading.wroteRecently;
}

/**
 * A replica-safe read (`?` placeholders, as `em.execute`): on a fresh replica when there is one
 * and nothing asks for the primary, else on the primary; a replica that fails is dropped and the
 * read is made on the primary.
 */
export async function readFromReplica<Row>(em: EntityManager, sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  const routing = routings.get(em.config);
  if (!routing || em.getTransactionContext() || (await mustReadPrimary(routing))) return em.execute<Row[]>(sql, [...params]);
  const replica = routing.pick();
  if (!replica) return em.execute<Row[]>(sql, [...params]);
  try {
    return await replica.execute<Row[]>(sql, [...params]);
  } catch {
    routing.drop(replica);
    return em.execute<Row[]>(sql, [...params]);
  }
}
