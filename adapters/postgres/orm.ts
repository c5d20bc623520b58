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
}

/** What stands between the app and PostgreSQL: nothing, or a PgBouncer in transaction mode. */
export type DatabasePooler = 'none' | 'pgbouncer';

export function openOrm(options: OrmOptions): Promise<MikroORM> {
  return MikroORM.init({
    clientUrl: options.url,
    entities: ENTITIES,
    extensions: [Migrator],
    pool: { min: 0, max: options.poolMax ?? 10 },
    // The pool's connections prepare the hot statements, except behind PgBouncer (prepared-statements.ts).
    ...(options.embedded ? {} : { driverOptions: { Client: options.pooler === 'pgbouncer' ? pg.Client : PreparingClient } }),
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
}

/** Applies pending migrations; answers how many had run before (0 means a new database). */
export async function migrate(orm: MikroORM): Promise<{ previouslyApplied: number; applied: string[] }> {
  const previouslyApplied = (await orm.migrator.getExecuted()).length;
  const applied = await orm.migrator.up();
  return { previouslyApplied, applied: applied.map((m) => m.name) };
}
