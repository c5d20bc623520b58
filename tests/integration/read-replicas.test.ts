/**
 * Read replicas for real (`DATABASE_READ_URL`, adapters/postgres/read-replicas.ts): a PostgreSQL
 * primary and a streaming standby of it started on this machine (tests/support/streaming-replica.ts),
 * the app over both. Where each read goes is seen twice: by what the standby can know (its replay
 * paused, it misses what the primary wrote since) and by every statement its connection was sent.
 *
 * - Replica-safe reads (Discover, categories, the admin's outbox listing, a merchant's sales
 *   analytics) go to a fresh standby;
 * - a member's own reads right after their change go to the primary, and back to the standby later;
 * - a lagging standby, then a stopped one, leaves the reads on the primary, with no error;
 * - money paths (a merchant onboarded, verified and paid, settled by the provider) send the standby
 *   nothing but the health check and replica-safe reads.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openOrm } from '../../adapters/postgres/orm.ts';
import { checkReplicas, type ReplicatedPostgreSqlDriver } from '../../adapters/postgres/read-replicas.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { onboardedMerchant, paidAtMerchant, signUp } from '../support/merchant-world.ts';
import { startSandboxApp, type SandboxApp } from '../support/sandbox-app.ts';
import { startStreamingPair, type StreamingPair } from '../support/streaming-replica.ts';
import type { TestDatabase } from '../support/test-database.ts';

const MAX_LAG_SECONDS = 1;
const AFTER_WRITE_SECONDS = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What may reach the standby: the health check and the reads README lists as replica-safe. */
const REPLICA_SAFE = [
  /^select pg_is_in_recovery\(\) as standby/,
  /from tontines where status in \('forming', 'active'\)/,
  /from tontine_categories order by sort_order/,
  /^select \* from audit_log/,
  /from assistant_messages where user_id = \?/,
  /^select \* from outbox_messages /,
  /from merchant_transactions t\s+where t\.merchant_id = \? and t\.created_at >=/,
  /^select \* from merchant_payment_reversals where merchant_id = \? order by reversed_at, id$/,
];
const OUTBOX_LISTING = /^select \* from outbox_messages /;
const ANALYTICS_READS = [/from merchant_transactions t\s+where t\.merchant_id = \?/, /^select \* from merchant_payment_reversals where merchant_id = \?/];

describe.runIf(Boolean(process.env.DATABASE_URL))('read replicas on a streaming standby', () => {
  let pair: StreamingPair;
  let orm: MikroORM;
  let app: SandboxApp;
  /** Every statement the standby's connection was sent, in order. */
  const onStandby: string[] = [];
  let token: string;
  /** The merchant paid in the money-paths case, and its owner. */
  let shop: { merchantId: string; ownerToken: string };

  const discover = (as?: string) => {
    const call = request(app.handler).get('/api/tontines');
    return (as ? call.set('Authorization', `Bearer ${as}`) : call).then((res) => {
      expect(res.status).toBe(200);
      return (res.body as { name: string }[]).map((t) => t.name);
    });
  };
  /** Runs `work` and answers how many Discover reads reached the standby meanwhile. */
  async function discoverReadsOnStandby(work: () => Promise<unknown>): Promise<number> {
    const before = onStandby.length;
    await work();
    return onStandby.slice(before).filter((sql) => sql.includes("from tontines where status in ('forming', 'active')")).length;
  }
  /** Runs `work` and answers the statements matching `patterns` that reached the standby meanwhile. */
  async function onStandbyDuring(patterns: RegExp[], work: () => Promise<unknown>): Promise<number> {
    const before = onStandby.length;
    await work();
    return onStandby.slice(before).filter((sql) => patterns.some((p) => p.test(sql))).length;
  }
  /** Lets the standby catch up and be known fresh, then pauses its replay (within the lag allowed for a second). */
  async function freshThenPaused() {
    await pair.caughtUp();
    await checkReplicas(orm);
    await sleep(MAX_LAG_SECONDS * 1000 + 200);
    await checkReplicas(orm);
    await pair.pauseReplay();
  }
  const analytics = (as: string) =>
    request(app.handler)
      .get(`/api/merchants/${shop.merchantId}/analytics`)
      .set('Authorization', `Bearer ${as}`)
      .then((res) => {
        expect(res.status).toBe(200);
        return res.body as { transactionsAnalysed: number };
      });
  async function createGroup(name: string) {
    const res = await request(app.handler)
      .post('/api/tontines')
      .set('Authorization', `Bearer ${token}`)
      .send({ name, description: 'Weekly savings', contributionAmount: 5000, frequency: 'weekly', maxMembers: 5 });
    expect(res.status).toBe(201);
  }

  beforeAll(async () => {
    pair = await startStreamingPair();
    const admin = new pg.Client({ connectionString: pair.primaryUrl('postgres') });
    await admin.connect();
    await admin.query('create database ikimina');
    await admin.end();
    const migrating = await openOrm({ url: pair.primaryUrl('ikimina'), poolMax: 1 });
    await migrate(migrating);
    await migrating.close();
    await pair.caughtUp();

    orm = await openOrm({ url: pair.primaryUrl('ikimina'), poolMax: 8, readReplicas: { urls: [pair.standbyUrl('ikimina')], maxLagSeconds: MAX_LAG_SECONDS, afterWriteSeconds: AFTER_WRITE_SECONDS } });
    const standby = (orm.driver as ReplicatedPostgreSqlDriver).readReplicas()[0]!;
    const send = standby.execute.bind(standby);
    standby.execute = ((sql: string, ...rest: unknown[]) => {
      onStandby.push(String(sql));
      return (send as (...a: unknown[]) => unknown)(sql, ...rest);
    }) as typeof standby.execute;
    const db = { url: pair.primaryUrl('ikimina'), kind: 'server', orm } as TestDatabase;
    app = await startSandboxApp(db, { mobileMoney: (sandbox) => sandbox });
    const registered = await request(app.handler).post('/api/auth/register').send({ email: 'aline@example.rw', password: 'correct horse', firstName: 'Aline', lastName: 'U' });
    expect(registered.status).toBe(201);
    token = registered.body.token as string;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await orm?.close();
    await pair?.stop();
  });

  it('a visitor\'s Discover goes to the fresh standby: with its replay paused, it does not show a group the primary has', async () => {
    await createGroup('Before the pause');
    await pair.caughtUp();
    await checkReplicas(orm);
    await sleep(MAX_LAG_SECONDS * 1000 + 200);
    await checkReplicas(orm);
    await pair.pauseReplay();
    await createGroup('Written during the pause');
    // Still within the lag allowed: the standby has replayed what the primary had a second ago.
    await checkReplicas(orm);
    let names: string[] = [];
    expect(await discoverReadsOnStandby(async () => (names = await discover()))).toBe(1);
    expect(names).toEqual(['Before the pause']);
  });

  it('the member who created it reads the primary right after, and sees it', async () => {
    let names: string[] = [];
    expect(await discoverReadsOnStandby(async () => (names = await discover(token)))).toBe(0);
    expect(names).toEqual(['Written during the pause', 'Before the pause']);
  });

  it('once the standby lags more than allowed, every read goes to the primary, without an error', async () => {
    await sleep(MAX_LAG_SECONDS * 1000 + 200);
    await checkReplicas(orm);
    let names: string[] = [];
    expect(await discoverReadsOnStandby(async () => (names = await discover()))).toBe(0);
    expect(names).toEqual(['Written during the pause', 'Before the pause']);
  });

  it('caught up again, the standby takes the reads back, the member\'s too once their change is a few seconds old', async () => {
    await pair.resumeReplay();
    await pair.caughtUp();
    await sleep(AFTER_WRITE_SECONDS * 1000);
    await checkReplicas(orm);
    expect(await discoverReadsOnStandby(() => discover())).toBe(1);
    let names: string[] = [];
    expect(await discoverReadsOnStandby(async () => (names = await discover(token)))).toBe(1);
    expect(names).toEqual(['Written during the pause', 'Before the pause']);
  });

  it('money paths send the standby nothing but replica-safe reads: a merchant onboarded, verified and paid three times', async () => {
    const before = onStandby.length;
    shop = await onboardedMerchant(app, { agentCode: 'AG-RR', merchantCode: 'RR-1', businessName: 'Replica Shop', phones: '+2507885500' });
    for (const francs of [1_000, 2_500, 4_000]) await paidAtMerchant(app, 'RR-1', francs, '+250788550099');
    const sent = onStandby.slice(before);
    expect(sent.filter((sql) => !REPLICA_SAFE.some((safe) => safe.test(sql)))).toEqual([]);
  });

  it('the admin\'s outbox listing goes to the fresh standby: with its replay paused, it lists no message written since', async () => {
    await signUp(app, { email: 'paused.outbox@example.rw', phone: '+250788550077' });
    await freshThenPaused();
    // A reset link e-mailed during the pause: a message in the primary's outbox only.
    expect((await request(app.handler).post('/api/auth/password-reset').send({ email: 'paused.outbox@example.rw' })).status).toBeLessThan(300);
    await checkReplicas(orm);
    let listed = '';
    expect(await onStandbyDuring([OUTBOX_LISTING], async () => (listed = (await runAdmin(app.container, 'outbox', 'list', '--limit', '100')).output))).toBe(1);
    expect(listed).not.toContain('paused.outbox@example.rw');
    await pair.resumeReplay();
    await pair.caughtUp();
    expect((await runAdmin(app.container, 'outbox', 'list', '--limit', '100')).output).toContain('paused.outbox@example.rw');
  });

  it('a merchant\'s sales analytics goes to the fresh standby; right after the owner\'s own change it reads the primary, and back later', async () => {
    await sleep(AFTER_WRITE_SECONDS * 1000);
    await freshThenPaused();
    await paidAtMerchant(app, 'RR-1', 1_500, '+250788550098');
    await checkReplicas(orm);
    let shown = { transactionsAnalysed: 0 };
    // Both its reads (the sales, the reversals) on the standby, which has not replayed the fourth sale.
    expect(await onStandbyDuring(ANALYTICS_READS, async () => (shown = await analytics(shop.ownerToken)))).toBe(2);
    expect(shown.transactionsAnalysed).toBe(3);

    // The owner changes something (a new QR code): their next reads go to the primary, which has the fourth sale.
    expect((await request(app.handler).post(`/api/merchants/${shop.merchantId}/generate-qr`).set('Authorization', `Bearer ${shop.ownerToken}`)).status).toBeLessThan(300);
    expect(await onStandbyDuring(ANALYTICS_READS, async () => (shown = await analytics(shop.ownerToken)))).toBe(0);
    expect(shown.transactionsAnalysed).toBe(4);

    await pair.resumeReplay();
    await pair.caughtUp();
    await sleep(AFTER_WRITE_SECONDS * 1000);
    await checkReplicas(orm);
    expect(await onStandbyDuring(ANALYTICS_READS, async () => (shown = await analytics(shop.ownerToken)))).toBe(2);
    expect(shown.transactionsAnalysed).toBe(4);
  });

  it('a stopped standby: the reads go to the primary at once, with no error to anyone', async () => {
    await pair.stopStandby();
    expect(await discover()).toEqual(['Written during the pause', 'Before the pause']);
    const categories = await request(app.handler).get('/api/tontines/categories');
    expect(categories.status).toBe(200);
    await checkReplicas(orm);
    expect(await discoverReadsOnStandby(() => discover())).toBe(0);
  });
});
