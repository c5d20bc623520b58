/**
 * MikroOrmTontineRepository.namesOf against the database (PostgreSQL, or PGlite in
 * `npm run test:embedded`): the names of the groups asked for, each read from the database once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database.ts';
import { MikroOrmTontineRepository } from './mikro-orm-tontine-repository.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const CREATOR = '00000000-0000-4000-8000-000000000001';
const SAVERS = '00000000-0000-4000-8000-0000000000a1';
const HARVEST = '00000000-0000-4000-8000-0000000000a2';
const NEVER_CREATED = '00000000-0000-4000-8000-0000000000ff';

async function createGroup(id: string, name: string): Promise<void> {
  await db.orm.em.fork().execute(
    `insert into tontines (id, name, description, contribution_centimes, frequency, max_members, creator_id, created_at, status, current_cycle, rotation)
     values (?, ?, 'A group', 200000, 'weekly', 5, ?, now(), 'forming', 0, '{}')`,
    [id, name, CREATOR],
  );
}

describe('MikroOrmTontineRepository.namesOf', () => {
  it('answers the names of the groups that exist, reading each from the database once', async () => {
    await db.orm.em.fork().execute(`insert into users (id, email, first_name, last_name, created_at, updated_at) values (?, 'creator@example.rw', 'Aline', 'Uwase', now(), now())`, [CREATOR]);
    await createGroup(SAVERS, 'Kigali Savers');
    const repository = new MikroOrmTontineRepository(db.orm.em.fork());

    const first = await repository.namesOf([SAVERS, NEVER_CREATED, 'not-a-uuid', SAVERS]);
    expect([...first]).toEqual([[SAVERS, 'Kigali Savers']]);

    // A group created since is read; one read before is answered from memory: even a row changed
    // behind the repository's back (a name never changes in the product) keeps the name read.
    await createGroup(HARVEST, 'Harvest Circle');
    await db.orm.em.fork().execute(`update tontines set name = 'Changed' where id = ?`, [SAVERS]);
    const second = await repository.namesOf([HARVEST, SAVERS, NEVER_CREATED]);
    expect(Object.fromEntries(second)).toEqual({ [HARVEST]: 'Harvest Circle', [SAVERS]: 'Kigali Savers' });
  });
});
