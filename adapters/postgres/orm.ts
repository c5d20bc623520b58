/**
 * Opening the ORM: one MikroORM over the ordinary PostgreSQL driver, whether the database is a
 * real server or the embedded PGlite behind its socket.
 */
import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import { ENTITIES } from './entities.ts';
import pg from 'pg';
import { PreparingClient } from './prepared-statements.ts';
import { ReplicatedPostgreSqlDriver, routeReads, type ReadReplicaSettings } from './read-replicas.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OrmOptions {
  url: string;
  poolMax?: number;
  debug?: boolean;
  /**
   * The embedded PGlite, which serves every connection of the pool from one session: statements
   * are not prepared there (prepared-statements.ts), since the connections' statements would meet
   * in that one session.
   */
  embedded?: boolean;
  /**
   * `pgbouncer`: the URL is a PgBouncer in transaction mode, where consecutive transactions of one
   * connection may run on different server sessions. Statements are then sent unnamed (PgBouncer
   * 1.18, Debian 12's, does not carry named prepared statements across server sessions); the job
   * runner takes its locks per transaction (apps/scheduler/job-runner.ts).
   */
  pooler?: DatabasePooler;
  /** Streaming standbys for the replica-safe reads (read-replicas.ts); none by default. */
  readReplicas?: { urls: readonly string[] } & ReadReplicaSettings;
}

/** How long a replica's connection may take, and a read on it, before the read goes to the primary. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;
const REPLICA_QUERY_TIMEOUT_MS = 10_000;

/** What stands between the app and PostgreSQL: nothing, or a PgBouncer in transaction mode. */
export type DatabasePooler = 'none' | 'pgbouncer';

export async function openOrm(options: OrmOptions): Promise<MikroORM> {
  const driverOptions = options.embedded ? undefined : { Client: options.pooler === 'pgbouncer' ? pg.Client : PreparingClient };
  const replicaUrls = options.readReplicas?.urls ?? [];
  const orm = await MikroORM.init({
    driver: ReplicatedPostgreSqlDriver,
    clientUrl: options.url,
    entities: ENTITIES,
    extensions: [Migrator],
    pool: { min: 0, max: options.poolMax ?? 10 },
    // The pool's connections prepare the hot statements, except behind PgBouncer (prepared-statements.ts).
    ...(driverOptions ? { driverOptions } : {}),
    // Only the reads an adapter sends with readFromReplica go to a replica.
    preferReadReplicas: false,
    replicas: replicaUrls.map((clientUrl, i) => ({
      name: `replica-${i + 1}`,
      clientUrl,
      driverOptions: { ...driverOptions, connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS, query_timeout: REPLICA_QUERY_TIMEOUT_MS },
    })),
    debug: options.debug ?? false,
    // The global EntityManager is only used through a RequestContext or a transaction.
    allowGlobalContext: false,
    migrations: {
      path: MIGRATIONS_DIR,
      pathTs: MIGRATIONS_DIR,
      glob: '!(*.d).ts',
      tableName: 'mikro_orm_migrations',
      // Migrations are diffed against the migrated database, so no snapshot file is kept.
      snapshot: false,
      silent: true,
    },
  });
  if (options.readReplicas && replicaUrls.length > 0) routeReads(orm, options.readReplicas);
  return orm;
}

/** Applies pending migrations; answers how many had run before (0 means a new database). */
export async function migrate(orm: MikroORM): Promise<{ previouslyApplied: number; applied: string[] }> {
  const previouslyApplied = (await orm.migrator.getExecuted()).length;
  const applied = await orm.migrator.up();
  return { previouslyApplied, applied: applied.map((m) => m.name) };
}
