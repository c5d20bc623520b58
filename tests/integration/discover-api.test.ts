/**
 * Discover over HTTP against PostgreSQL: GET /api/tontines searched, filtered, sorted and paged by
 * its query (core/tontines/discover-query.ts), and every bad value a 400 `validation_failed` naming
 * its field, never a 500.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxApp, type SandboxApp } from '../support/sandbox-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let app: SandboxApp;
let handler: SandboxApp['handler'];
let seq = 0;

async function member(name: string) {
  const res = await request(handler)
    .post('/api/auth/register')
    .send({ email: `${name.toLowerCase()}${++seq}@example.rw`, password: 'correct horse', firstName: name, lastName: 'Test' });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

async function create(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await request(handler).post('/api/tontines').set('Authorization', `Bearer ${token}`).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const discover = (query: string) => request(handler).get(`/api/tontines${query}`);
const namesOf = (body: { name: string }[]) => body.map((t) => t.name);

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startSandboxApp(db, { mobileMoney: (sandbox) => sandbox });
  ({ handler } = app);
  const aline = await member('Aline');
  const jean = await member('Jean');
  // Created one after the other: newest last.
  await create(aline, { name: 'Kimironko market', description: 'Daily savings of the market', contributionAmount: 2000, frequency: 'daily', maxMembers: 10, category: 'daily_micro' });
  const students = await create(jean, { name: 'Students of Huye', description: 'Weekly savings for fees', contributionAmount: 5000, frequency: 'weekly', maxMembers: 3, category: 'student_savers' });
  await create(aline, { name: 'Teachers', description: 'Monthly savings of teachers', contributionAmount: 50000, frequency: 'monthly', maxMembers: 4 });
  await create(aline, { name: 'My own savings', description: 'Personal savings never show', contributionAmount: 5000, frequency: 'monthly', maxMembers: 1 });
  const claudine = await member('Claudine');
  expect((await request(handler).post(`/api/tontines/${students}/join`).set('Authorization', `Bearer ${claudine}`)).status).toBe(200);
});

afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe('GET /api/tontines: Discover', () => {
  it('shows forming and active groups, newest first, never personal savings', async () => {
    const res = await discover('');
    expect(res.status).toBe(200);
    expect(namesOf(res.body)).toEqual(['Teachers', 'Students of Huye', 'Kimironko market']);
  });

  it('filters by search, category, frequency, contribution range and seats left', async () => {
    expect(namesOf((await discover('?q=HUYE')).body)).toEqual(['Students of Huye']);
    expect(namesOf((await discover('?category=daily_micro')).body)).toEqual(['Kimironko market']);
    expect(namesOf((await discover('?frequency=monthly')).body)).toEqual(['Teachers']);
    expect(namesOf((await discover('?minContribution=2000&maxContribution=5000')).body)).toEqual(['Students of Huye', 'Kimironko market']);
    expect(namesOf((await discover('?minSeatsLeft=2')).body)).toEqual(['Teachers', 'Kimironko market']);
    expect(namesOf((await discover('?frequency=weekly&minSeatsLeft=2')).body)).toEqual([]);
    expect(namesOf((await discover('?category=no_such_category')).body)).toEqual([]);
  });

  it('sorts and pages', async () => {
    expect(namesOf((await discover('?sort=contribution_desc')).body)).toEqual(['Teachers', 'Students of Huye', 'Kimironko market']);
    expect(namesOf((await discover('?sort=contribution_asc&limit=2')).body)).toEqual(['Kimironko market', 'Students of Huye']);
    expect(namesOf((await discover('?sort=contribution_asc&limit=2&offset=2')).body)).toEqual(['Teachers']);
    expect(namesOf((await discover('?sort=seats_left')).body)).toEqual(['Kimironko market', 'Teachers', 'Students of Huye']);
  });

  it.each([
    ['?sort=cheapest', 'sort'],
    ['?frequency=yearly', 'frequency'],
    ['?minContribution=abc', 'minContribution'],
    ['?maxContribution=-5', 'maxContribution'],
    ['?minSeatsLeft=1.5', 'minSeatsLeft'],
    ['?limit=0', 'limit'],
    ['?limit=500', 'limit'],
    ['?offset=-1', 'offset'],
    ['?category=Daily%20Micro', 'category'],
    ['?sort=newest&sort=seats_left', 'sort'],
    [`?q=${'a'.repeat(101)}`, 'q'],
    ['?minContribution=10000&maxContribution=5000', 'minContribution'],
  ])('refuses %s with 400 validation_failed naming %s', async (query, field) => {
    const res = await discover(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(typeof res.body.error).toBe('string');
  });
});
