/**
 * A fresh, migrated database per test file.
 *
 * - With DATABASE_URL (an admin connection, e.g. postgres://postgres@127.0.0.1:5432/postgres):
 *   CREATE DATABASE ikimina_t_<random> on that server, dropped afterwards. Under vitest's
 *   integration project it is a copy of the run's migrated template (template-database.ts);
 *   elsewhere (bench/) it is created empty and migrated here.
 * - Without it: embedded PGlite in memory, behind its socket, as `npm start` runs it.
 * An unreachable DATABASE_URL fails the tests; it never skips them.
 */
import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openEmbeddedPostgres } from '../../adapters/postgres/embedded-postgres.ts';
import { migrate, openOrm } from '../../adapters/postgres/orm.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database on DATABASE_URL's server to copy per test file (template-database.ts); absent without DATABASE_URL. */
    templateDatabase?: string;
  }
}

export interface TestDatabase {
  url: string;
  kind: 'server' | 'embedded';
  orm: MikroORM;
  /** Rows in a table, for "nothing was stored" checks. */
  count(table: string): Promise<number>;
  drop(): Promise<void>;
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminExecute(adminUrl: string, sql: string): Promise<void> {
  const admin = await openOrm({ url: adminUrl, poolMax: 1 });
  try {
    await admin.em.fork().execute(sql);
  } finally {
    await admin.close();
  }
}

function counter(orm: MikroORM) {
  return async (table: string) => {
    if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
    const rows = await orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from "${table}"`);
    return Number(rows[0]?.n);
  };
}

/** The template the integration project's globalSetup migrated, when running under vitest with one. */
async function providedTemplate(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('templateDatabase');
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const embedded = await openEmbeddedPostgres(null);
    const orm = await openOrm({ url: embedded.url, poolMax: 8, embedded: true });
    await migrate(orm);
    return {
      url: embedded.url,
      kind: 'embedded',
      orm,
      count: counter(orm),
      async drop() {
        await orm.close();
        await embedded.stop();
      },
    };
  }
  const name = `ikimina_t_${randomBytes(6).toString('hex')}`;
  const template = await providedTemplate();
  try {
    await adminExecute(adminUrl, template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  } catch (error) {
    throw new Error(`DATABASE_URL is set but its server cannot create a test database (${String(error)}). Fix DATABASE_URL or unset it to use embedded PGlite.`);
  }
  const url = withDatabase(adminUrl, name);
  const orm = await openOrm({ url, poolMax: 8 });
  // A copy of the template is migrated already.
  if (!template) await migrate(orm);
  return {
    url,
    kind: 'server',
    orm,
    count: counter(orm),
    async drop() {
      await orm.close();
      await adminExecute(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
