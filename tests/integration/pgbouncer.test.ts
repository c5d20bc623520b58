/**
 * The app through a real PgBouncer 1.18 in transaction mode (`DATABASE_POOLER=pgbouncer`, README
 * "PgBouncer in front"): whole payments complete and balance, the hot statements run unnamed, and
 * a job still runs once per period across replicas. Each guarantee is shown beside what breaks
 * without it, on the same PgBouncer: named statements and session locks, which transaction
 * pooling hands to the next client.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm, type DatabasePooler } from '../../adapters/postgres/orm.ts';
import { runPrepared } from '../../adapters/postgres/prepared-statements.ts';
import { JobRunner, type Job, type JobLockScope } from '../../apps/scheduler/job-runner.ts';
import { closeMerchantWorld, onboardedMerchant, paidAtMerchant } from '../support/merchant-world.ts';
import { pgbouncerAvailable, startPgBouncer, type RunningPgBouncer } from '../support/pgbouncer.ts';
import { startSandboxApp, type SandboxApp } from '../support/sandbox-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(Boolean(process.env.DATABASE_URL) && pgbouncerAvailable())('through PgBouncer in transaction mode', () => {
  let db: TestDatabase;
  /** One server session for every client: what a session keeps meets the next client at once. */
  let oneSession: RunningPgBouncer;
  /** Two server sessions for the app's pool of eight. */
  let twoSessions: RunningPgBouncer;
  const orms: MikroORM[] = [];

  async function throughBouncer(bouncer: RunningPgBouncer, pooler: DatabasePooler, poolMax = 4): Promise<MikroORM> {
    const orm = await openOrm({ url: bouncer.urlFor(db.url), poolMax, pooler });
    orms.push(orm);
    return orm;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    oneSession = await startPgBouncer(db.url, { serverSessions: 1 });
    twoSessions = await startPgBouncer(db.url, { serverSessions: 2 });
  });
  afterAll(async () => {
    await Promise.all(orms.map((orm) => orm.close()));
    await oneSession?.stop();
    await twoSessions?.stop();
    await db?.drop();
  });

  /** The same parameterised statement from four pool connections at once, as four concurrent requests send it. */
  function fourAtOnce(orm: MikroORM): Promise<unknown[]> {
    return Promise.all([1, 2, 3, 4].map((n) => runPrepared(orm.em.fork(), 'select $1::int + 0 as n', [n])));
  }

  describe('statements', () => {
    it('named prepared statements (the direct connection\'s) break behind it: the next client finds the name taken', async () => {
      const orm = await throughBouncer(oneSession, 'none');
      await expect(fourAtOnce(orm)).rejects.toThrow(/prepared statement .* (already exists|does not exist)/);
    });

    it('DATABASE_POOLER=pgbouncer sends them unnamed, and every one answers', async () => {
      const orm = await throughBouncer(oneSession, 'pgbouncer');
      for (let round = 0; round < 3; round++) {
        expect(await fourAtOnce(orm)).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }], [{ n: 4 }]]);
      }
    });
  });

  describe('whole payments', () => {
    let app: SandboxApp;

    beforeAll(async () => {
      const orm = await throughBouncer(twoSessions, 'pgbouncer', 8);
      app = await startSandboxApp({ ...db, orm }, { mobileMoney: (sandbox) => sandbox, env: { DATABASE_POOLER: 'pgbouncer' } });
    });
    // The ledger check of every merchant-world file, through the direct connection; the database is dropped by the outer afterAll.
    afterAll(() => closeMerchantWorld({ app }));

    it('sixteen customers pay a merchant at once: each payment completes once, and the ledger balances', async () => {
      const { merchantId, ownerToken } = await onboardedMerchant(app, { agentCode: 'AG-PGB', merchantCode: 'PGB-1', businessName: 'Bouncer Café', phones: '+2507884400' });
      const paid = await Promise.all(Array.from({ length: 16 }, (_, i) => paidAtMerchant(app, 'PGB-1', 1_000 + i, `+2507884410${String(i).padStart(2, '0')}`.slice(0, 13))));
      expect(new Set(paid).size).toBe(16);
      const transactions = await request(app.handler).get(`/api/merchants/${merchantId}/transactions`).set('Authorization', `Bearer ${ownerToken}`);
      expect(transactions.status).toBe(200);
      expect(transactions.body.transactions ?? transactions.body.data ?? transactions.body).toHaveLength(16);
      const rows = await db.orm.em.fork().execute<{ payments: string; postings: string }[]>(
        `select count(*)::text as payments, count(e.id)::text as postings
           from merchant_transactions t left join journal_entries e on e.key = t.transaction_reference
          where t.merchant_id = ? and t.status = 'completed'`,
        [merchantId],
      );
      expect(rows[0]).toEqual({ payments: '16', postings: '16' });
    });
  });

  describe('jobs once per period', () => {
    /** A job that counts its runs and how many overlap. */
    function countingJob(name: string) {
      const stats = { runs: 0, active: 0, maxActive: 0 };
      const job: Job = {
        name,
        schedules: ['0 0 1 1 *'],
        async run() {
          stats.runs++;
          stats.maxActive = Math.max(stats.maxActive, ++stats.active);
          await sleep(200);
          stats.active--;
          return { runs: stats.runs };
        },
      };
      return { job, stats };
    }

    async function twoReplicas(name: string, scope: JobLockScope) {
      const { job, stats } = countingJob(name);
      // Unnamed statements in both cases, so that only the lock's scope differs.
      const [a, b] = [await throughBouncer(oneSession, 'pgbouncer'), await throughBouncer(oneSession, 'pgbouncer')];
      return { stats, a: new JobRunner(a, [job], silent, scope), b: new JobRunner(b, [job], silent, scope) };
    }

    it('a session lock holds nothing behind it: two replicas sharing the server session both run the job', async () => {
      const { stats, a, b } = await twoReplicas('session-behind-bouncer', 'session');
      const runs = await Promise.all([a.runOnce('session-behind-bouncer'), b.runOnce('session-behind-bouncer')]);
      expect(runs.map((r) => r.outcome)).toEqual(['ran', 'ran']);
      expect(stats.runs).toBe(2);
    });

    it('the transaction\'s lock and claim: two replicas at the same tick run it once, a late tick finds the period claimed', async () => {
      const { stats, a, b } = await twoReplicas('nightly', 'transaction');
      const period = new Date('2026-11-28T22:00:00Z');
      const runs = await Promise.all([a.runOnce('nightly', period), b.runOnce('nightly', period)]);
      expect(runs.map((r) => r.outcome).sort()).toEqual(['ran', 'skipped']);
      expect(await b.runOnce('nightly', period)).toEqual({ job: 'nightly', outcome: 'skipped', reason: 'already_ran' });
      expect(await a.runOnce('nightly', new Date('2026-11-29T22:00:00Z'))).toMatchObject({ outcome: 'ran' });
      expect(stats).toMatchObject({ runs: 2, maxActive: 1 });
    });

    it('a failing run gives the lock and the connection back: the next run of the job goes ahead', async () => {
      let calls = 0;
      const job: Job = {
        name: 'flaky',
        schedules: ['0 0 1 1 *'],
        async run() {
          if (++calls === 1) throw new Error('provider down');
          return { calls };
        },
      };
      const runner = new JobRunner(await throughBouncer(oneSession, 'pgbouncer'), [job], silent, 'transaction');
      expect(await runner.runOnce('flaky')).toMatchObject({ outcome: 'failed', error: 'provider down' });
      expect(await runner.runOnce('flaky')).toMatchObject({ outcome: 'ran', report: { calls: 2 } });
    });
  });
});
