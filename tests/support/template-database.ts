/**
 * One migrated PostgreSQL database per test run, copied for each test file (`CREATE DATABASE x
 * TEMPLATE t`) instead of migrating every file's database again (1–2 s each on the CI machine).
 *
 * - `createTemplateDatabase` runs in a vitest globalSetup: it creates ikimina_tmpl_<random>, applies
 *   every migration to it, closes its connection (PostgreSQL copies a template only while nobody is
 *   connected to it; copies made at the same time do not disturb each other), and answers its name
 *   and a `drop` for the teardown.
 * - Test files learn the name through `inject('templateDatabase')` (see test-database.ts); without
 *   DATABASE_URL there is no template and each file migrates its embedded PGlite as before.
 * - The migrations themselves still run on every run, over an empty database, before any test.
 */
import { randomBytes } from 'node:crypto';
import { migrate, openOrm } from '../../adapters/postgres/orm.ts';
import { adminExecute, withDatabase } from './test-database.ts';

export interface TemplateDatabase {
  name: string;
  drop(): Promise<void>;
}

export async function createTemplateDatabase(adminUrl: string): Promise<TemplateDatabase> {
  const name = `ikimina_tmpl_${randomBytes(6).toString('hex')}`;
  try {
    await adminExecute(adminUrl, `create database "${name}"`);
  } catch (error) {
    throw new Error(`DATABASE_URL is set but its server cannot create a test database (${String(error)}). Fix DATABASE_URL or unset it to use embedded PGlite.`);
  }
  const drop = () => adminExecute(adminUrl, `drop database if exists "${name}" with (force)`);
  try {
    const orm = await openOrm({ url: withDatabase(adminUrl, name), poolMax: 1 });
    try {
      await migrate(orm);
    } finally {
      await orm.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}
