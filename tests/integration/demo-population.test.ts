/**
 * `demo seed --members N` (core/demo/seed-demo-population.ts, adapters/postgres/postgres-demo-population.ts)
 * on a real PostgreSQL: the rows the use cases would have written, books that balance, the
 * dashboard's figures agreeing with them, and a second run refused with nothing written.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../core/accounts/seed-demo-accounts.ts';
import { POPULATION_EMAIL_DOMAIN, SeedDemoPopulation } from '../../core/demo/seed-demo-population.ts';
import { RequestContext } from '@mikro-orm/core';
import { expectBooksBalance } from '../support/money-books.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

describe('demo seed --members', () => {
  let db: TestDatabase;
  let t: TestApp;
  const seed = (members: number) => RequestContext.create(db.orm.em, () => t.container.get(SeedDemoPopulation).execute({ members }));
  const sql = <T>(query: string) => db.orm.em.fork().execute<T[]>(query);

  beforeAll(async () => {
    db = await createTestDatabase();
    t = createTestApp(db);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('writes 30 members in 3 groups of 10, 300 contributions with a history, and books that balance', async () => {
    const seeded = await seed(30);
    expect(seeded.ok).toBe(true);
    const value = seeded.ok ? seeded.value : undefined;
    // Groups 1, 2, 3 are at cycles 1, 2, 3: 0 + 1 + 2 payouts; paid: past cycles whole, 6 of 10 in the current one.
    expect(value).toMatchObject({ members: 30, groups: 3, contributions: 300, payouts: 3, paidContributions: 10 * (0 + 1 + 2) + 6 * 3, ledgerSum: 0n, unbalancedEntries: 0, negativePools: 0 });
    expect(await db.count('users')).toBe(30);
    expect(await db.count('tontine_members')).toBe(30);
    expect(await db.count('payments')).toBe(value!.paidContributions);
    expect(await db.count('outgoing_transfers')).toBe(3);
    expect(await db.count('journal_entries')).toBe(value!.paidContributions + 3);
    await expectBooksBalance({ db });
    // A pool holds exactly the paid contributions of its current cycle.
    const pools = await sql<{ pool: string; current_paid: string }>(
      `select (select -sum(p.amount_centimes) from ledger_postings p where p.account_id = 'pool:' || t.id)::text as pool,
              (select sum(c.amount_centimes) from contributions c where c.tontine_id = t.id and c.cycle = t.current_cycle and c.status = 'completed')::text as current_paid
       from tontines t`,
    );
    for (const p of pools) expect(p.pool).toBe(p.current_paid);
  });

  it('shows a seeded member their dashboard, signed in with the demo password', async () => {
    // Member 11 is the first of group 2 (cycle 2): paid cycle 1, received its payout (the pot of 10 contributions).
    const login = await request(t.handler).post('/api/auth/login').send({ email: `member11@${POPULATION_EMAIL_DOMAIN}`, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const get = (path: string) => request(t.handler).get(path).set('Authorization', `Bearer ${login.body.token}`);
    const groups = await get('/api/tontines/user');
    expect(groups.status).toBe(200);
    expect(groups.body).toHaveLength(1);
    expect(groups.body[0]).toMatchObject({ name: 'Demo group 2', status: 'active' });
    const summary = await get('/api/dashboard/summary');
    expect(summary.status).toBe(200);
    expect(summary.body.activeTontines).toBe(1);
    expect(summary.body.onTimeRate).not.toBeNull();
    for (const path of ['/api/user', '/api/auth/profile-completion', '/api/loans/summary', '/api/loans', '/api/loans/recommendations']) expect((await get(path)).status, path).toBe(200);
  });

  it('refuses a second population and writes nothing', async () => {
    const before = await db.count('contributions');
    expect(await seed(10)).toEqual({ ok: false, error: 'already_seeded' });
    expect(await db.count('contributions')).toBe(before);
  });

  it('answers on the command line: a size that is not a multiple of 10 and a second population are refused, nothing written', async () => {
    const before = await db.count('users');
    const odd = await runAdmin(t.container, 'demo', 'seed', '--members', '15');
    expect(odd.code).toBe(2);
    expect(odd.output).toContain('--members must be a multiple of 10');
    const again = await runAdmin(t.container, 'demo', 'seed', '--members', '100');
    expect(again.code).toBe(1);
    expect(again.output).toContain('a demo population is already seeded here (30 members)');
    expect(await db.count('users')).toBe(before);
  });
});
