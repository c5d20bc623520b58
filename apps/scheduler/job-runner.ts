/**
 * The job runner: node-cron schedules in Kigali time, each run under a PostgreSQL advisory lock.
 *
 * Guarantees
 * - A run happens only while this process holds the advisory lock of `<job key>` on ONE pool
 *   connection it keeps for the whole run, so N replicas (and the CLI's `jobs run`) run a job once
 *   at a time; a replica that finds the lock taken skips that tick. The key is derived from the
 *   job's name only, so it is the same in every replica and release. The lock is the session's
 *   (`pg_try_advisory_lock`, unlocked afterwards) on a direct connection, and the transaction's
 *   (`pg_try_advisory_xact_lock` in a transaction held open for the run, the claim below inside
 *   it) behind PgBouncer in transaction mode, which lends each transaction, not each connection,
 *   a server session: a session lock would stay on a session other clients then borrow.
 * - A scheduled tick runs once per period across replicas: the tick's cron slot (the instant it
 *   was due, the same second in every replica) is claimed in `job_periods` under the lock, and a
 *   replica that finds it claimed skips it (`already_ran`), even when its tick comes after the
 *   first run has finished and released the lock. `runOnce` without a period (the CLI, tests)
 *   claims nothing. Claims older than a day are pruned by the run that claims.
 * - Within one runner a job never overlaps itself (a second schedule or tick finding it running
 *   is skipped), also on embedded PGlite, where advisory locks are re-entrant.
 * - Each run works in its own MikroORM RequestContext (a forked EntityManager).
 * - A failing run is logged with pino and reported as `failed`; it never crashes the process,
 *   and the lock is released whatever happened (a broken connection releases it with the session).
 */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { RequestContext } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';

export const SCHEDULER_TIME_ZONE = 'Africa/Kigali';

/** Counts of what a run did, for the log and the CLI. */
export type JobReport = Readonly<Record<string, number>>;

export interface Job {
  /** Stable: it names the job in the CLI and derives its lock key. */
  readonly name: string;
  /** node-cron expressions (a sixth, leading field is seconds), in Kigali time. */
  readonly schedules: readonly string[];
  /** Former names the job still answers to in `jobs run` and `runOnce` (one lock: the job's name). */
  readonly aliases?: readonly string[];
  run(): Promise<JobReport>;
}

export type JobRun =
  | { job: string; outcome: 'ran'; report: JobReport }
  | { job: string; outcome: 'skipped'; reason: 'locked_elsewhere' | 'already_running' | 'already_ran' }
  | { job: string; outcome: 'failed'; error: string };

/**
 * Whose advisory lock guards a run: the session's on a direct connection (and on the embedded
 * PGlite, whose connections share one session, so a held transaction would swallow the job's own),
 * the transaction's behind PgBouncer in transaction mode.
 */
export type JobLockScope = 'session' | 'transaction';

/** The slice of `pg`'s Pool the runner needs: one connection held for the run. */
interface LockConnection {
  query(sql: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  release(destroy?: boolean | Error): void;
}
interface ConnectionPool {
  connect(): Promise<LockConnection>;
}

/** A signed 64-bit key from the job's name (pg_try_advisory_lock takes a bigint). */
export function jobLockKey(name: string): string {
  const digest = createHash('sha256').update(`ikimina.job:${name}`).digest();
  return digest.readBigInt64BE(0).toString();
}

export class JobRunner {
  private readonly jobs = new Map<string, Job>();
  private readonly aliases = new Map<string, Job>();
  private readonly running = new Set<string>();
  private readonly inFlight = new Set<Promise<JobRun>>();
  private tasks: ScheduledTask[] = [];

  constructor(
    private readonly orm: MikroORM,
    jobs: readonly Job[],
    private readonly logger: Logger,
    private readonly lockScope: JobLockScope = 'session',
  ) {
    for (const job of jobs) {
      if (this.jobs.has(job.name)) throw new Error(`two jobs are named ${job.name}`);
      for (const expression of job.schedules) {
        if (!cron.validate(expression)) throw new Error(`job ${job.name}: invalid cron expression "${expression}"`);
      }
      this.jobs.set(job.name, job);
    }
    for (const job of jobs) {
      for (const alias of job.aliases ?? []) {
        if (this.jobs.has(alias) || this.aliases.has(alias)) throw new Error(`two jobs are named ${alias}`);
        this.aliases.set(alias, job);
      }
    }
  }

  get jobNames(): string[] {
    return [...this.jobs.keys()];
  }

  has(name: string): boolean {
    return this.jobs.has(name) || this.aliases.has(name);
  }

  /**
   * Runs one job now, under its lock; for the schedules, the CLI and the tests. With `period` (a
   * scheduled tick's cron slot) it runs only if no replica ran that period yet.
   */
  runOnce(name: string, period?: Date): Promise<JobRun> {
    const job = this.jobs.get(name) ?? this.aliases.get(name);
    if (!job) throw new Error(`no job named ${name} (jobs: ${this.jobNames.join(', ')})`);
    const run = this.locked(job, period);
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
    return run;
  }

  /** Starts every job's schedules; each tick that runs is logged with its report. */
  start(): void {
    for (const job of this.jobs.values()) {
      for (const expression of job.schedules) {
        const task = cron.schedule(
          expression,
          async (context) => {
            const run = await this.runOnce(job.name, context.date);
            this.logger.debug({ job: job.name, period: context.date.toISOString(), outcome: run.outcome, runner: this.runnerId }, 'job tick');
            if (run.outcome === 'ran' && Object.values(run.report).some((n) => n > 0)) this.logger.info({ job: job.name, ...run.report }, 'job ran');
          },
          { timezone: SCHEDULER_TIME_ZONE, name: `${job.name} ${expression}`, noOverlap: true },
        );
        this.tasks.push(task);
      }
    }
    this.logger.info({ jobs: this.jobNames }, 'scheduler started');
  }

  /** Stops the schedules and waits for the runs in flight. */
  async stop(): Promise<void> {
    await Promise.all(this.tasks.map((task) => task.destroy()));
    this.tasks = [];
    await Promise.allSettled([...this.inFlight]);
  }

  /** Who claimed a period, for the logs: host and process. */
  private readonly runnerId = `${hostname()}:${process.pid}`.slice(0, 100);

  private async locked(job: Job, period?: Date): Promise<JobRun> {
    if (this.running.has(job.name)) return { job: job.name, outcome: 'skipped', reason: 'already_running' };
    this.running.add(job.name);
    let connection: LockConnection | undefined;
    let broken: Error | undefined;
    try {
      const pool = (await this.orm.em.getConnection().getNativeClient()) as ConnectionPool;
      connection = await pool.connect();
      const lock = this.lockScope === 'session' ? sessionLock(connection, jobLockKey(job.name)) : transactionLock(connection, jobLockKey(job.name));
      const taken = await lock.take().catch((error: unknown) => {
        // The connection may be left inside the lock's transaction: it is destroyed, not pooled.
        broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      });
      if (!taken) return { job: job.name, outcome: 'skipped', reason: 'locked_elsewhere' };
      try {
        if (period && !(await this.claim(connection, job.name, period))) return { job: job.name, outcome: 'skipped', reason: 'already_ran' };
        const report = await RequestContext.create(this.orm.em, () => job.run());
        return { job: job.name, outcome: 'ran', report };
      } finally {
        await lock.release().catch((error: unknown) => {
          // Destroying the connection ends its session (and its transaction), which releases the lock.
          broken = error instanceof Error ? error : new Error(String(error));
        });
      }
    } catch (error) {
      this.logger.error({ err: error, job: job.name }, 'job failed');
      return { job: job.name, outcome: 'failed', error: error instanceof Error ? error.message : String(error) };
    } finally {
      connection?.release(broken);
      this.running.delete(job.name);
    }
  }

  /** Claims the job's period in `job_periods`: false when a replica claimed it first. Prunes claims older than a day. */
  private async claim(connection: LockConnection, job: string, period: Date): Promise<boolean> {
    const slot = new Date(Math.floor(period.getTime() / 1000) * 1000);
    const { rows } = await connection.query(
      `with pruned as (delete from job_periods where job = $1 and period < $2::timestamptz - interval '1 day')
       insert into job_periods (job, period, runner) values ($1, $2, $3) on conflict do nothing returning 1 as claimed`,
      [job, slot.toISOString(), this.runnerId],
    );
    return rows.length === 1;
  }
}

interface AdvisoryLock {
  /** True when this connection now holds the lock. */
  take(): Promise<boolean>;
  /** Gives it back; also when the run failed (its period stays claimed, as on a direct connection). */
  release(): Promise<void>;
}

function sessionLock(connection: LockConnection, key: string): AdvisoryLock {
  return {
    async take() {
      const { rows } = await connection.query('select pg_try_advisory_lock($1::bigint) as locked', [key]);
      return rows[0]?.locked === true;
    },
    async release() {
      await connection.query('select pg_advisory_unlock($1::bigint)', [key]);
    },
  };
}

/** Behind PgBouncer: the lock, and the period's claim, live in one transaction held open for the run. */
function transactionLock(connection: LockConnection, key: string): AdvisoryLock {
  let open = false;
  return {
    async take() {
      await connection.query('begin', []);
      open = true;
      const { rows } = await connection.query('select pg_try_advisory_xact_lock($1::bigint) as locked', [key]);
      if (rows[0]?.locked === true) return true;
      open = false;
      await connection.query('rollback', []);
      return false;
    },
    async release() {
      if (open) await connection.query('commit', []);
      open = false;
    },
  };
}
