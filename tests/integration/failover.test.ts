/**
 * A primary that fails over under whole payments (README "A primary that fails over"): the app
 * runs against a Patroni cluster of three PostgreSQL nodes behind HAProxy
 * (tests/support/patroni-cluster.ts), customers pay a merchant on the pay page, each request sent
 * again with its Idempotency-Key while the app answers 503, and the primary is killed with
 * `kill -9` in the middle. Then:
 * - the service answers again within 30 s of the kill;
 * - every payment is final and equal to the provider's record: each collection the provider was
 *   asked for and took is one completed payment with one journal entry (0 lost, 0 posted twice);
 * - the ledger balances.
 */
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openOrm } from '../../adapters/postgres/orm.ts';
import { PostgresLedgerRepository } from '../../adapters/postgres/postgres-ledger-repository.ts';
import { Money } from '../../core/money/money.ts';
import type { MobileMoney } from '../../core/payments/ports.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { onboardedMerchant } from '../support/merchant-world.ts';
import { patroniAvailable, startPatroniCluster, type PatroniCluster } from '../support/patroni-cluster.ts';
import { startSandboxApp, type SandboxApp } from '../support/sandbox-app.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';

const PAYMENTS = 24;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(Boolean(process.env.DATABASE_URL) && patroniAvailable())('a primary killed under whole payments', () => {
  let cluster: PatroniCluster;
  let orm: MikroORM;
  let app: SandboxApp;
  let provider: MobileMoney;
  const asked: string[] = [];

  beforeAll(async () => {
    cluster = await startPatroniCluster();
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query('create database ikimina');
    await admin.end();
    orm = await openOrm({ url: cluster.url('ikimina'), poolMax: 8 });
    await migrate(orm);
    app = await startSandboxApp({ url: cluster.url('ikimina'), kind: 'server', orm } as TestDatabase, {
      mobileMoney: (sandbox) => {
        provider = sandbox;
        return { ...sandbox, requestToPay: (r) => (asked.push(r.reference), sandbox.requestToPay(r)) };
      },
      env: { PAYMENT_POLL_AFTER_SECONDS: '1' },
    });
    await onboardedMerchant(app, { agentCode: 'AG-FO', merchantCode: 'FO-1', businessName: 'Failover Shop', phones: '+2507886600' });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await orm?.close();
    await cluster?.stop();
  });

  it('back within 30 s; every payment final, equal to the provider\'s record, posted once; the ledger balanced', async () => {
    let killedAt: number | undefined;
    let backAt: number | undefined;
    const answers: number[] = [];
    /** One customer's payment: sent again with the same key while the app answers 503 or not at all. */
    async function pay(i: number): Promise<string> {
      const key = randomUUID();
      for (const end = Date.now() + 90_000; Date.now() < end; ) {
        const res = await request(app.handler)
          .post('/api/pay/FO-1')
          .set('Idempotency-Key', key)
          .send({ amount: 1_000 + i, phoneNumber: `+2507886610${String(i % 100).padStart(2, '0')}` })
          .catch(() => undefined);
        answers.push(res?.status ?? 0);
        if (res?.status === 202 || res?.status === 200) {
          if (killedAt !== undefined && backAt === undefined) backAt = Date.now();
          return res.body.id as string;
        }
        expect([503, 0], JSON.stringify(res?.body)).toContain(res?.status ?? 0);
        await sleep(250);
      }
      throw new Error(`payment ${i} never accepted`);
    }

    const customers = Array.from({ length: PAYMENTS }, (_, i) => sleep(i * 150).then(() => pay(i)));
    await sleep(PAYMENTS * 150 * 0.4);
    await cluster.killPrimary();
    killedAt = Date.now();
    const ids = await Promise.all(customers);
    if (backAt === undefined) backAt = Date.now();
    console.info(`failover: a payment accepted again ${((backAt - killedAt) / 1000).toFixed(1)} s after kill -9 of the primary`);
    expect(backAt - killedAt, 'milliseconds from the kill to the next accepted payment').toBeLessThan(30_000);
    expect(answers, 'some requests met the failover').toContain(503);

    // The callbacks the outage swallowed are finished by the polling job, as in production.
    const completed = await until(
      async () => {
        await runAdmin(app.container, 'jobs', 'run', 'payment-polling');
        const rows = await orm.em.fork().execute<{ n: string }[]>(`select count(*)::text as n from merchant_transactions where status = 'completed'`);
        return Number(rows[0]!.n);
      },
      (n) => n >= PAYMENTS,
      60_000,
      1_000,
    );
    expect(completed).toBe(PAYMENTS);
    expect(new Set(ids).size).toBe(PAYMENTS);

    const rows = await orm.em.fork().execute<{ reference: string; status: string; entries: string }[]>(
      `select t.transaction_reference as reference, t.status, (select count(*) from journal_entries e where e.key = t.transaction_reference)::text as entries from merchant_transactions t`,
    );
    expect(rows).toHaveLength(PAYMENTS);
    expect(rows.filter((r) => r.status !== 'completed' || r.entries !== '1')).toEqual([]);
    // What the provider took is what the app booked: every collection asked and successful is one completed payment.
    const taken = [];
    for (const reference of new Set(asked)) {
      const report = await provider.collectionStatus('mtn', reference);
      if (report.ok && report.value.status === 'successful') taken.push(reference);
    }
    expect(new Set(rows.map((r) => r.reference))).toEqual(new Set(taken));
    expect(await new PostgresLedgerRepository(orm.em.fork()).trialBalance()).toEqual(Money.ZERO);
  });
});
