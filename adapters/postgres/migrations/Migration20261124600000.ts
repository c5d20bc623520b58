import { Migration } from '@mikro-orm/migrations';

/**
 * Scale-out (issue 16), hand-written:
 * - `job_periods`: one row per scheduled job and tick (the cron slot it was due at, a whole
 *   second in UTC), claimed by the replica that runs it. The advisory lock of the job runner
 *   keeps two runs of a job from overlapping; this row keeps a second replica, whose tick of the
 *   same slot arrives a moment after the first run has finished, from running it again in that
 *   period. Rows older than a day are pruned by the runner.
 */
export class Migration20261124600000 extends Migration {

  override name = 'Migration20261124600000';

  override up(): void | Promise<void> {
    this.addSql(`create table "job_periods" (
      "job" varchar(100) not null,
      "period" timestamptz not null,
      "runner" varchar(100) not null,
      "claimed_at" timestamptz not null default now(),
      constraint "job_periods_pkey" primary key ("job", "period")
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "job_periods";`);
  }

}
