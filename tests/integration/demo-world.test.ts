/**
 * The demo world `npm start` seeds (core/demo/seed-demo-world.ts through apps/demo/seed-on-start.ts),
 * over the real container and the embedded sandbox: the demo member's screens answer with data,
 * the demo merchant's screens show a verified business with sales and a settlement
 * (core/demo/seed-demo-business.ts), the books balance, a second start adds nothing, and
 * SEED_DEMO_WORLD=false leaves the accounts empty.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../core/accounts/seed-demo-accounts.ts';
import { DEMO_MEMBER_EMAIL, DEMO_NEIGHBOURS } from '../../core/demo/seed-demo-world.ts';
import { DEMO_AGENT, DEMO_MERCHANT } from '../../core/demo/seed-demo-business.ts';
import { seedDemoData } from '../../apps/demo/seed-on-start.ts';
import { SANDBOX_DEMO_MEMBER_NIN } from '../../adapters/identity/sandbox-national-ids.ts';
import { expectBooksBalance } from '../support/money-books.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const COUNTED = [
  'users',
  'tontines',
  'tontine_members',
  'contributions',
  'payments',
  'journal_entries',
  'ledger_postings',
  'loans',
  'loan_repayments',
  'notifications',
  'outbox_messages',
  'merchants',
  'merchant_transactions',
  'settlement_batches',
  'outgoing_transfers',
  'agent_commissions',
  'commission_payouts',
  'audit_log',
];

async function counts(db: TestDatabase): Promise<Record<string, number>> {
  return Object.fromEntries(await Promise.all(COUNTED.map(async (table) => [table, await db.count(table)] as const)));
}

async function signIn(t: TestApp, email: string) {
  const login = await request(t.handler).post('/api/auth/login').send({ email, password: DEMO_PASSWORD });
  expect(login.status).toBe(200);
  return (path: string) => request(t.handler).get(path).set('Authorization', `Bearer ${login.body.token}`);
}

describe('the demo world, seeded at start', () => {
  let db: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase();
    t = createTestApp(db);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('gives the demo member groups, paid cycles, a payout, a loan in repayment and notifications', async () => {
    const first = await seedDemoData(t.container, { newDatabase: true });
    expect(first.accounts?.map((a) => a.created)).toEqual([true, true, true]);
    // 12 contributions, 3 payouts, the disbursement and one repayment.
    expect(first.world).toMatchObject({ seeded: true, groups: 2, paymentsSettled: 17 });
    expect(first.business).toEqual({ seeded: true, merchantCode: 'DEMO-SHOP', agentCode: 'DEMO-AGENT', sales: 5, settlements: 1, commissionPayouts: 1 });

    const get = await signIn(t, DEMO_MEMBER_EMAIL);
    const tontines = (await get('/api/tontines/user')).body as { name: string; status: string }[];
    expect(tontines.map((g) => [g.name, g.status]).sort()).toEqual([
      ['Demo: Market friends', 'active'],
      ['Demo: My savings', 'active'],
      ['Demo: Umoja circle', 'active'],
    ]);
    const contributions = (await get('/api/contributions/user')).body as { status: string }[];
    expect(contributions.filter((c) => c.status === 'completed')).toHaveLength(4);
    expect(contributions.some((c) => c.status === 'pending')).toBe(true);

    const summary = (await get('/api/dashboard/summary')).body;
    expect(summary).toMatchObject({ activeTontines: 3 });
    expect(Number(summary.totalSavings)).toBeGreaterThan(0);

    const loans = (await get('/api/loans')).body as { status: string; totalPaid: string }[];
    expect(loans).toHaveLength(1);
    expect(loans[0]).toMatchObject({ status: 'active' });
    expect(Number(loans[0]!.totalPaid)).toBeGreaterThan(0);
    expect((await get('/api/loans/summary')).status).toBe(200);

    // The loan rests on a real verified national ID: the sandbox register's demo person, verified
    // through the use case, stored encrypted (no digit of the number in clear in the row).
    expect((await get('/api/nida/status')).body).toMatchObject({ verified: true, idNumber: SANDBOX_DEMO_MEMBER_NIN, firstName: 'Demo' });
    const ids = await db.orm.em.fork().execute<{ status: string; id_number_sealed: string; registry: string; lookup_hash: string }[]>(
      `select n.status, n.id_number_sealed, n.registry, n.lookup_hash from national_ids n join users u on u.id = n.user_id where u.email = '${DEMO_MEMBER_EMAIL}'`,
    );
    expect(ids).toHaveLength(1);
    expect(ids[0]!.status).toBe('verified');
    expect(JSON.stringify(ids[0])).not.toContain(SANDBOX_DEMO_MEMBER_NIN);
    expect((await get('/api/user')).body).toMatchObject({ nidaVerified: true });

    const notifications = (await get('/api/notifications')).body as { type: string }[];
    expect(notifications.some((n) => n.type === 'payout_received')).toBe(true);
    expect(notifications.length).toBeGreaterThanOrEqual(5);

    // The neighbours are demo accounts too, with their own screens.
    const amina = await signIn(t, DEMO_NEIGHBOURS[0]!.email);
    expect(((await amina('/api/notifications')).body as { type: string }[]).some((n) => n.type === 'payout_received')).toBe(true);
    expect((await amina('/api/user')).body).toMatchObject({ isDemo: true });

    // Every payment, payout and disbursement was settled by the provider's answer: none waits.
    const sql = <T extends object>(query: string) => db.orm.em.fork().execute<T[]>(query);
    const payments = await sql<{ kind: string; status: string; n: string }>('select kind, status, count(*) as n from payments group by kind, status order by kind');
    expect(payments.map((p) => [p.kind, p.status, Number(p.n)])).toEqual([['contribution', 'successful', 12]]);
    const transfers = await sql<{ purpose: string; status: string; n: string }>('select purpose, status, count(*) as n from outgoing_transfers group by purpose, status order by purpose');
    expect(transfers.map((t) => [t.purpose, t.status, Number(t.n)])).toEqual([
      ['agent_commission', 'completed', 1],
      ['loan_disbursement', 'completed', 1],
      ['merchant_settlement', 'completed', 1],
      ['payout', 'completed', 3],
    ]);
    const repayments = await sql<{ status: string }>('select status from loan_collections');
    expect(repayments.map((p) => p.status)).toEqual(['succeeded']);
    await expectBooksBalance({ db });
  });

  it('gives the demo merchant a verified business with a QR code, sales, a paid settlement and sales awaiting the next', async () => {
    const get = await signIn(t, DEMO_MERCHANT.email);
    const merchants = (await get('/api/merchants/user/merchants')).body as { id: string; merchantCode: string; businessName: string; merchantStatus: string; kybStatus: string; onboardedByAgentId: string | null }[];
    expect(merchants).toEqual([expect.objectContaining({ merchantCode: 'DEMO-SHOP', businessName: 'Demo: Kimironko Corner Shop', merchantStatus: 'active', kybStatus: 'verified', onboardedByAgentId: expect.any(String) })]);
    const id = merchants[0]!.id;
    expect((await get(`/api/merchants/${id}/qr`)).body.qrCodeUrl).toMatch(/^data:image\/png;base64,/);

    const transactions = (await get(`/api/merchants/${id}/transactions`)).body;
    expect(transactions.statistics).toEqual({ totalRevenue: '62550.00', netRevenue: '61299.00', totalFees: '1251.00', totalTransactions: 5, completedTransactions: 5, reversedTransactions: 0, withheldForWorkingCapital: '0.00' });
    expect((transactions.transactions as { customerName: string | null }[]).map((tx) => tx.customerName)).toContain(null); // one customer gave no name: shown by number

    const settlements = (await get(`/api/merchants/${id}/settlements`)).body;
    // 12,500 + 4,800 + 23,000 less 2 %: 39,494 RWF paid; 7,250 + 15,000 less 2 % wait for the next batch.
    expect(settlements.settlements).toEqual([expect.objectContaining({ batchReference: expect.stringMatching(/^STL-\d{8}-DEMO-SHOP$/), totalTransactions: 3, totalAmount: '39494.00', status: 'completed' })]);
    expect(settlements.pending).toEqual({ amount: '21805.00', transactionCount: 2 });
    expect((await get('/api/merchants/me')).body).toMatchObject({ merchantCode: 'DEMO-SHOP' });
    // Verified by the demo officer, audited like any admin decision.
    const audit = await db.orm.em.fork().execute<{ action: string; actor: string }[]>(`select action, actor from audit_log where subject = ?`, [`merchant:${id}`]);
    expect(audit).toEqual([{ action: 'merchant_verify_kyb', actor: 'admin:demo-seed' }]);
    await expectBooksBalance({ db });
  });

  it('gives the demo agent an accredited profile, the demo shop it onboarded, a paid month and pending commissions, each naming its merchant and sale', async () => {
    const get = await signIn(t, DEMO_AGENT.email);
    const dashboard = (await get('/api/agents/dashboard')).body;
    expect(dashboard.agent).toMatchObject({ agentCode: 'DEMO-AGENT', accreditationStatus: 'active', district: 'Gasabo' });
    // 0.5 % of each sale, out of the platform's 2 % fee (the shop's net is unchanged). The three
    // settled sales' commissions (12,500 + 4,800 + 23,000 RWF: 62.50 + 24.00 + 115.00) were paid
    // out this month: earned. The two later sales' (7,250 + 15,000 RWF: 36.25 + 75.00) await the payout.
    expect(dashboard.stats).toMatchObject({
      totalMerchantsOnboarded: 1,
      activeMerchants: 1,
      totalEarned: '201.50',
      pendingEarnings: '111.25',
      paidCommissions: 3,
      pendingCommissions: 2,
    });
    expect(dashboard.recentMerchants).toEqual([expect.objectContaining({ merchantCode: 'DEMO-SHOP' })]);
    const shop = { businessName: 'Demo: Kimironko Corner Shop', merchantCode: 'DEMO-SHOP' };
    const row = (status: string, amount: string, sale: string) =>
      expect.objectContaining({ status, amount, currency: 'RWF', merchant: shop, sale: { amount: sale, currency: 'RWF', at: expect.any(String) } });
    expect(dashboard.recentCommissions).toEqual(
      expect.arrayContaining([row('paid', '62.50', '12500.00'), row('paid', '24.00', '4800.00'), row('paid', '115.00', '23000.00')]),
    );
    expect(dashboard.recentCommissions).toHaveLength(3);
    expect(dashboard.pendingCommissions).toEqual(expect.arrayContaining([row('pending', '36.25', '7250.00'), row('pending', '75.00', '15000.00')]));
    expect(dashboard.pendingCommissions).toHaveLength(2);
    // Paid through the real payout: one completed payout of the whole francs, the 0.50 carried.
    const payouts = await db.orm.em.fork().execute<{ status: string; commission_count: number; payout: string; carried: string }[]>(
      `select status, commission_count, payout_amount_centimes::text as payout, carried_out_centimes::text as carried from commission_payouts where agent_id = ?`,
      [dashboard.agent.id],
    );
    expect(payouts).toEqual([{ status: 'completed', commission_count: 3, payout: '20100', carried: '50' }]);
    const audit = await db.orm.em.fork().execute<{ action: string; actor: string }[]>(`select action, actor from audit_log where subject = ?`, [`agent:${dashboard.agent.id}`]);
    expect(audit).toEqual([{ action: 'agent_accredit', actor: 'admin:demo-seed' }]);
    await expectBooksBalance({ db });
  });

  it('adds nothing on a second start', async () => {
    const before = await counts(db);
    const second = await seedDemoData(t.container, { newDatabase: false });
    expect(second).toEqual({ accounts: null, world: { seeded: false, reason: 'already_seeded' }, business: { seeded: false, reason: 'already_seeded' } });
    // Even told the database is new, the accounts and the world are found, not added again.
    const again = await seedDemoData(t.container, { newDatabase: true });
    expect(again.accounts?.map((a) => a.created)).toEqual([false, false, false]);
    expect(again.world).toEqual({ seeded: false, reason: 'already_seeded' });
    expect(again.business).toEqual({ seeded: false, reason: 'already_seeded' });
    expect(await counts(db)).toEqual(before);
  });
});

describe('SEED_DEMO_WORLD=false', () => {
  let db: TestDatabase;
  afterAll(async () => {
    await db?.drop();
  });

  it('seeds the demo accounts, empty', async () => {
    db = await createTestDatabase();
    const t = createTestApp(db, { env: { SEED_DEMO_WORLD: 'false' } });
    const seeded = await seedDemoData(t.container, { newDatabase: true });
    expect(seeded.world).toEqual({ seeded: false, reason: 'disabled' });
    expect(seeded.business).toEqual({ seeded: false, reason: 'disabled' });
    const get = await signIn(t, DEMO_MEMBER_EMAIL);
    expect((await get('/api/tontines/user')).body).toEqual([]);
    expect((await get('/api/loans')).body).toEqual([]);
    expect(await db.count('tontines')).toBe(0);
    expect(await db.count('merchants')).toBe(0);
  });
});
