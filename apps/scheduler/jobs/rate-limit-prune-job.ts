/**
 * `rate-limit-prune`: hourly, drops the attempt counters of windows older than a day, and the
 * sign-in throttle's keys without a failure for a day (every throttle policy forgets sooner).
 */
import type { PostgresRateLimiter } from '../../../adapters/postgres/postgres-rate-limiter.ts';
import type { PostgresSignInThrottle } from '../../../adapters/postgres/postgres-sign-in-throttle.ts';
import type { Clock } from '../../../core/shared/clock.ts';
import type { Job, JobReport } from '../job-runner.ts';

const KEEP_MS = 86_400_000;

export class RateLimitPruneJob implements Job {
  readonly name = 'rate-limit-prune';
  readonly schedules = ['7 * * * *'];

  constructor(
    private readonly limiter: PostgresRateLimiter,
    private readonly throttle: PostgresSignInThrottle,
    private readonly clock: Clock,
  ) {}

  async run(): Promise<JobReport> {
    const before = new Date(this.clock.now().getTime() - KEEP_MS);
    return { pruned: await this.limiter.prune(before), throttleKeysPruned: await this.throttle.prune(before) };
  }
}
