/**
 * The job runner against PostgreSQL: advisory locks make N replicas (here: runners with their
 * own connection pools, as separate processes have) run a job once; failures are contained.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { RequestContext } from '@mikro-orm/core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm } from '../../adapters/postgres/orm.ts';
import { JobRunner, jobLockKey, type Job } from '../../apps/scheduler/job-runner.ts';
import { buildProgram, runCli } from '../../cli/program.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let replica: MikroORM;
const silent = pino({ level: 'silent' });
/** PGlite serves every connection from one backend, where advisory locks are re-entrant. */
const separateSessions = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  db = await createTestDatabase();
  // A second process's pool on the same database.
  replica = await openOrm({ url: db.url, poolMax: 4, embedded: db.kind === 'embedded' });
});
afterAll(async () => {
  await replica?.close();
  await db?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job that counts its runs and how many overlap, and takes `ms` to finish. */
function countingJob(name: string, ms: number, schedules: string[] = ['0 0 1 1 *']) {
  const stats = { runs: 0, active: 0, maxActive: 0, contexts: new Set<unknown>() };
  const job: Job = {
    name,
    schedules,
    async run() {
      stats.runs++;
      stats.active++;
      stats.maxActive = Math.max(stats.maxActive, stats.active);
      stats.contexts.add(RequestContext.getEntityManager());
      await sleep(ms);
      stats.active--;
      return { runs: stats.runs };
    },
  };
  return { job, stats };
}

describe('job runner', () => {
  it.runIf(separateSessions)('runs a job once when two replicas race for it (advisory lock)', async () => {
    const { job, stats } = countingJob('race', 300);
    const a = new JobRunner(db.orm, [job], silent);
    const b = new JobRunner(replica, [job], silent);
    const runs = await Promise.all([a.runOnce('race'), b.runOnce('race'), a.runOnce('race'), b.runOnce('race')]);
    expect(stats.runs).toBe(1);
    expect(runs.filter((r) => r.outcome === 'ran')).toHaveLength(1);
    expect(runs.filter((r) => r.outcome === 'skipped')).toHaveLength(3);
    expect(runs.some((r) => r.outcome === 'skipped' && r.reason === 'locked_elsewhere')).toBe(true);
  });

  it.runIf(separateSessions)('skips while another session holds the job\'s key, and runs once it is released', async () => {
    const { job, stats } = countingJob('held-elsewhere', 0);
    const runner = new JobRunner(db.orm, [job], silent);
    const holder = replica.em.fork();
    await holder.transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(?::bigint)', [jobLockKey('held-elsewhere')]);
      expect(await runner.runOnce('held-elsewhere')).toEqual({ job: 'held-elsewhere', outcome: 'skipped', reason: 'locked_elsewhere' });
    });
    expect(await runner.runOnce('held-elsewhere')).toMatchObject({ outcome: 'ran' });
    expect(stats.runs).toBe(1);
  });

  it.runIf(separateSessions)('never overlaps a job across replicas running its cron schedule', async () => {
    const { job, stats } = countingJob('every-second', 1200, ['* * * * * *']);
    const a = new JobRunner(db.orm, [job], silent);
    const b = new JobRunner(replica, [job], silent);
    a.start();
    b.start();
    await sleep(3500);
    await Promise.all([a.stop(), b.stop()]);
    expect(stats.runs).toBeGreaterThanOrEqual(1);
    expect(stats.maxActive).toBe(1);
  });

  it('does not overlap a job with itself within one runner', async () => {
    const { job, stats } = countingJob('self', 200);
    const runner = new JobRunner(db.orm, [job], silent);
    const [first, second] = await Promise.all([runner.runOnce('self'), runner.runOnce('self')]);
    expect(first).toMatchObject({ outcome: 'ran' });
    expect(second).toEqual({ job: 'self', outcome: 'skipped', reason: 'already_running' });
    expect(stats.runs).toBe(1);
  });

  it('releases the lock after each run, so the next run (from any replica) goes ahead', async () => {
    const { job, stats } = countingJob('sequential', 0);
    const a = new JobRunner(db.orm, [job], silent);
    const b = new JobRunner(replica, [job], silent);
    for (const runner of [a, b, a, b]) expect(await runner.runOnce('sequential')).toMatchObject({ outcome: 'ran' });
    expect(stats.runs).toBe(4);
  });

  it('runs every run in its own request context', async () => {
    const { job, stats } = countingJob('contexts', 0);
    const runner = new JobRunner(db.orm, [job], silent);
    await runner.runOnce('contexts');
    await runner.runOnce('contexts');
    expect(stats.contexts.size).toBe(2);
    expect(stats.contexts.has(undefined)).toBe(false);
  });

  it('contains a failing job: logged, reported as failed, lock released', async () => {
    const logged: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(line) });
    let fail = true;
    const job: Job = {
      name: 'flaky',
      schedules: ['0 0 1 1 *'],
      async run() {
        if (fail) throw new Error('provider down');
        return { ok: 1 };
      },
    };
    const runner = new JobRunner(db.orm, [job], logger);
    expect(await runner.runOnce('flaky')).toEqual({ job: 'flaky', outcome: 'failed', error: 'provider down' });
    expect(logged.join('')).toContain('provider down');
    fail = false;
    const other = new JobRunner(replica, [job], silent);
    expect(await other.runOnce('flaky')).toEqual({ job: 'flaky', outcome: 'ran', report: { ok: 1 } });
  });

  it('refuses an invalid schedule and two jobs with one name', () => {
    expect(() => new JobRunner(db.orm, [{ name: 'bad', schedules: ['every day'], run: async () => ({}) }], silent)).toThrow(/invalid cron/);
    const { job } = countingJob('twice', 0);
    expect(() => new JobRunner(db.orm, [job, job], silent)).toThrow(/two jobs/);
  });

  it('derives a stable 64-bit key per job name', () => {
    expect(jobLockKey('reminders')).toBe(jobLockKey('reminders'));
    expect(jobLockKey('reminders')).not.toBe(jobLockKey('overdue-notices'));
    expect(BigInt(jobLockKey('payment-polling'))).toBeGreaterThanOrEqual(-(2n ** 63n));
  });
});

describe('admin CLI: jobs', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(db);
  });

  async function admin(...argv: string[]) {
    let output = '';
    const program = buildProgram({
      interactive: false,
      osUser: 'test-operator',
      write: (text) => {
        output += text;
      },
      open: async () => ({ container: t.container, close: async () => {} }),
    });
    return { code: await runCli(program, argv), output };
  }

  it('lists the jobs with their schedules', async () => {
    const { code, output } = await admin('jobs', 'list');
    expect(code).toBe(0);
    for (const name of ['outbox-dispatch', 'reminders', 'loan-reminders', 'payment-polling', 'payout-due', 'payout-retry', 'rate-limit-prune']) expect(output).toContain(name);
    // Loan instalment reminders keep the contribution reminders' hours: 09:00 Kigali and the catch-up.
    expect(output).toMatch(/loan-reminders\s*│\s*0 9 \* \* \*\s+\*\/15 \* \* \* \*/);
  });

  it('runs a job on demand and prints its report', async () => {
    const { code, output } = await admin('jobs', 'run', 'outbox-dispatch');
    expect(code).toBe(0);
    expect(output).toContain('Job outbox-dispatch ran.');
    expect(output).toMatch(/smsSent\s*│\s*0/);
  });

  it('refuses an unknown job with a usage error', async () => {
    const { code, output } = await admin('jobs', 'run', 'nope');
    expect(code).toBe(2);
    expect(output).toContain('no job named nope');
  });
});
