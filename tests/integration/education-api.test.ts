/**
 * The learning API against PostgreSQL (issue 15, "Learning"): the figures the lessons state are
 * the product's own rules, public; a member's finished lessons are kept per member, only the
 * member reads or changes them, and an unknown lesson changes nothing.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpMember } from '../support/openapi-cases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
let alice: SignedUpMember;
let bob: SignedUpMember;

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db);
  alice = await signUp(t, 'Alice');
  bob = await signUp(t, 'Bob');
});
afterAll(async () => {
  await db?.drop();
});

const progress = (token: string | null) => {
  const req = request(t.handler).get('/api/education/progress');
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};
const mark = (token: string | null, body: unknown) => {
  const req = request(t.handler).post('/api/education/progress');
  return (token ? req.set('Authorization', `Bearer ${token}`) : req).send(body as object);
};
const rows = async () => (await db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from lesson_progress'))[0]!.n;

describe('GET /api/education/figures', () => {
  it('answers visitors with the fees, loan share, reminder days and settlement day the rules apply', async () => {
    const res = await request(t.handler).get('/api/education/figures');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      currency: 'RWF',
      merchantFeePercent: 2,
      merchantKeepsPercent: 98,
      agentCommissionPercent: 0.5,
      loanShareOfSavingsPercent: 50,
      reminderDaysBefore: [3, 1, 0],
      settlementPeriodDays: 7,
      settlementWeekday: 'monday',
      commissionPayoutDayOfMonth: 1,
      minimumAge: 18,
    });
    expect(res.body.modules.map((m: { id: string }) => m.id)).toEqual(['tontines', 'loans', 'payments', 'agent-network', 'merchant-services', 'ai-assistant']);
  });
});

describe('/api/education/progress', () => {
  it('is refused to visitors', async () => {
    expect((await progress(null)).status).toBe(401);
    expect((await mark(null, { module: 'tontines', lesson: 'what-is-a-tontine', finished: true })).status).toBe(401);
  });

  it("remembers a member's finished lessons, once each, and lets them take one back", async () => {
    const first = await mark(alice.token, { module: 'tontines', lesson: 'what-is-a-tontine', finished: true });
    expect(first.status).toBe(200);
    const again = await mark(alice.token, { module: 'tontines', lesson: 'what-is-a-tontine', finished: true });
    expect(again.body.finished).toEqual(first.body.finished);
    await mark(alice.token, { module: 'loans', lesson: 'loan-limit', finished: true });
    expect((await progress(alice.token)).body.finished.map((l: { lesson: string }) => l.lesson)).toEqual(['what-is-a-tontine', 'loan-limit']);
    const back = await mark(alice.token, { module: 'loans', lesson: 'loan-limit', finished: false });
    expect(back.body.finished.map((l: { lesson: string }) => l.lesson)).toEqual(['what-is-a-tontine']);
  });

  it("never shows or changes another member's progress", async () => {
    expect((await progress(bob.token)).body).toEqual({ finished: [] });
    await mark(bob.token, { module: 'tontines', lesson: 'what-is-a-tontine', finished: false });
    expect((await progress(alice.token)).body.finished).toHaveLength(1);
  });

  it('refuses unknown lessons and bad bodies with a clear 4xx, and records nothing', async () => {
    const before = await rows();
    const unknown = await mark(alice.token, { module: 'tontines', lesson: 'how-to-get-rich', finished: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('lesson_not_found');
    for (const body of [{}, { module: 'tontines' }, { module: 'tontines', lesson: 'x', finished: 'yes' }, { module: 'x'.repeat(500), lesson: 'a', finished: true }, { userId: bob.id, module: 'tontines', lesson: 'what-is-a-tontine', finished: true }]) {
      const res = await mark(alice.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect(await rows()).toBe(before);
  });
});
