/**
 * Members' names outside their group: a signed-out visitor and a signed-in member of another group
 * see "Aline M.", never a surname, on every GET of the API (taken from the OpenAPI document, ids
 * filled with the group's, so a new route is covered by default); the group's own members still
 * see each other's full names.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db);
});
afterAll(async () => {
  await db?.drop();
});

const SURNAMES = ['Mukamana', 'Habimana', 'Uwimana'];
let seq = 0;

async function member(firstName: string, lastName: string) {
  seq += 1;
  const res = await request(t.handler).post('/api/auth/register').send({ email: `names${seq}@example.rw`, password: 'correct horse', firstName, lastName });
  expect(res.status).toBe(201);
  const token = res.body.token as string;
  return { id: res.body.user.id as string, get: (path: string) => request(t.handler).get(path).set('Authorization', `Bearer ${token}`), token };
}

const group = { name: 'Nyamirambo Savers', description: 'Saving together every week', contributionAmount: '5000', frequency: 'weekly' };

describe('names in public answers', () => {
  let aline: Awaited<ReturnType<typeof member>>;
  let eric: Awaited<ReturnType<typeof member>>;
  let outsider: Awaited<ReturnType<typeof member>>;
  let active: string;
  let forming: string;

  beforeAll(async () => {
    aline = await member('Aline', 'Mukamana');
    eric = await member('Eric', 'Habimana');
    outsider = await member('Grace', 'Uwimana');
    // A full group (active, with its next recipient) and a group still taking members.
    active = (await request(t.handler).post('/api/tontines').set('Authorization', `Bearer ${aline.token}`).send({ ...group, maxMembers: 2 })).body.id;
    expect((await request(t.handler).post(`/api/tontines/${active}/join`).set('Authorization', `Bearer ${eric.token}`)).status).toBe(200);
    forming = (await request(t.handler).post('/api/tontines').set('Authorization', `Bearer ${eric.token}`).send({ ...group, name: 'Kacyiru Circle', maxMembers: 5 })).body.id;
  });

  it('shows first name and initial to a signed-out visitor and to a member of another group', async () => {
    for (const get of [(path: string) => request(t.handler).get(path), outsider.get]) {
      const one = await get(`/api/tontines/${active}`);
      expect(one.status).toBe(200);
      expect(one.body.members.map((m: { name: string; initials: string }) => [m.name, m.initials])).toEqual([
        ['Aline M.', 'AM'],
        ['Eric H.', 'EH'],
      ]);
      expect(one.body.nextRecipient).toBe('Aline M.');
      expect((await get(`/api/tontines/${forming}/members`)).body.map((m: { name: string }) => m.name)).toEqual(['Eric H.']);
      const listed = (await get('/api/tontines')).body as { id: string; members: { name: string }[] }[];
      expect(listed.find((g) => g.id === active)?.members.map((m) => m.name)).toEqual(['Aline M.', 'Eric H.']);
    }
  });

  it('shows full names to the group\'s own members, and only for their own group', async () => {
    const one = await aline.get(`/api/tontines/${active}`);
    expect(one.body.members.map((m: { name: string }) => m.name)).toEqual(['Aline Mukamana', 'Eric Habimana']);
    expect(one.body.nextRecipient).toBe('Aline Mukamana');
    expect((await eric.get(`/api/tontines/${active}/members`)).body.map((m: { name: string }) => m.name)).toEqual(['Aline Mukamana', 'Eric Habimana']);
    // Aline is not in Eric's forming group: there, Eric is "Eric H." to her.
    const listed = (await aline.get('/api/tontines')).body as { id: string; members: { name: string }[] }[];
    expect(listed.find((g) => g.id === forming)?.members.map((m) => m.name)).toEqual(['Eric H.']);
    expect(listed.find((g) => g.id === active)?.members.map((m) => m.name)).toEqual(['Aline Mukamana', 'Eric Habimana']);
  });

  it('no GET of the API answers a surname of another person to a visitor or a non-member', async () => {
    const doc = (await request(t.handler).get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const paths = Object.entries(doc.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([path]) => path.replaceAll('{id}', active))
      .filter((path) => !path.includes('{'));
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      for (const [who, get] of [['visitor', (p: string) => request(t.handler).get(p)], ['non-member', outsider.get]] as const) {
        const res = await get(path);
        const text = JSON.stringify(res.body) + (typeof res.text === 'string' ? res.text : '');
        // The outsider's own surname may come back to her (her own profile); nobody else's.
        for (const surname of SURNAMES.filter((s) => !(who === 'non-member' && s === 'Uwimana'))) {
          expect(text.includes(surname), `${surname} in GET ${path} as ${who}`).toBe(false);
        }
      }
    }
  });
});
