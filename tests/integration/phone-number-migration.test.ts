/**
 * Migration20261127100000 over numbers stored before it (issue 31): typed numbers become E.164;
 * what cannot be rewritten is left as it was and listed in `phone_number_conflicts`; two USSD keys
 * of one number keep the one USSD already found; nothing holding money or a credential is deleted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Migration20261127100000 } from '../../adapters/postgres/migrations/Migration20261127100000.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);

async function user(phone: string | null, email: string | null = `${randomUUID()}@example.rw`): Promise<string> {
  const id = randomUUID();
  await sql('insert into users (id, email, first_name, last_name, phone_number, language, created_at, updated_at) values (?, ?, ?, ?, ?, ?, now(), now())', [id, email, 'A', 'B', phone, 'en']);
  return id;
}

async function ussdKey(phone: string, userId: string, createdAt: string) {
  await sql('insert into ussd_pins (phone_number, user_id, pin_hash, created_at, updated_at) values (?, ?, ?, ?, ?)', [phone, userId, 'hash', createdAt, createdAt]);
}

it('rewrites typed numbers in E.164, reports what it cannot rewrite, and keeps the USSD key USSD already found', async () => {
  const migration = new Migration20261127100000(db.orm.em.getDriver(), db.orm.config);
  await migration.down();

  const spaced = await user('+250 788 555 222');
  const trunk = await user('0788555223');
  const kenyan = await user('+254 711 123 456');
  const junk = await user('call me');
  const none = await user(null);
  // One person, two accounts from before: a web account typed the number, USSD registered it again.
  const web = await user('0788 555 224');
  const byPhone = await user('+250788555224', null);
  await ussdKey('+250788555224', byPhone, '2026-01-01T00:00:00Z');
  // A key stored in another form: rewritten when its E.164 form is free, reported when it is taken.
  const older = await user('250788555225', null);
  await ussdKey('250788555225', older, '2026-01-02T00:00:00Z');
  const clash = await user('0788555224', null);
  await ussdKey('0788555224', clash, '2026-01-03T00:00:00Z');
  await sql(`insert into ussd_access (phone, state) values ('+250788555224', '{"a":1}'), ('0788555224', '{"a":2}'), ('0788 555 226', '{"a":3}')`);

  await migration.up();

  const phoneOf = async (id: string) => (await sql<{ phone_number: string | null }>('select phone_number from users where id = ?', [id]))[0]!.phone_number;
  expect(await phoneOf(spaced)).toBe('+250788555222');
  expect(await phoneOf(trunk)).toBe('+250788555223');
  expect(await phoneOf(kenyan)).toBe('+254711123456');
  expect(await phoneOf(junk)).toBe('call me');
  expect(await phoneOf(none)).toBeNull();
  // Both accounts of the one person stay, with their money and credentials; USSD finds the same one as before.
  expect(await phoneOf(web)).toBe('+250788555224');
  expect(await sql('select phone_number, user_id::text from ussd_pins order by phone_number')).toEqual([
    { phone_number: '+250788555224', user_id: byPhone },
    { phone_number: '+250788555225', user_id: older },
    { phone_number: '0788555224', user_id: clash },
  ]);
  expect(await sql('select phone, state from ussd_access order by phone')).toEqual([
    { phone: '+250788555224', state: { a: 1 } },
    { phone: '+250788555226', state: { a: 3 } },
  ]);
  expect(await sql('select table_name, row_key, phone_number, reason from phone_number_conflicts order by id')).toEqual([
    { table_name: 'users', row_key: junk, phone_number: 'call me', reason: 'unreadable' },
    { table_name: 'ussd_pins', row_key: clash, phone_number: '0788555224', reason: 'ussd_key_taken' },
  ]);
  // The table the web uses to link numbers is back.
  expect(await db.count('ussd_access_codes')).toBe(0);
});
