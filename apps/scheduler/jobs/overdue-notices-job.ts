/**
 * `overdue-notices`: once a pending contribution's due date is over (Kigali), its member is told
 * once, at 09:00 Kigali or at the next catch-up run during the day (never at night).
 *
 * Guarantees
 * - One notice per contribution: recorded (UNIQUE) in the transaction that writes the in-app
 *   notification, SMS and e-mail to the outbox, in the member's language.
 * - Only contributions that turned overdue in the last LOOKBACK_DAYS are noticed: a scheduler
 *   started on an old database does not send a wave of notices about long-known debts.
 * - One member's failure is logged and does not stop the others.
 */
import type { Logger } from 'pino';
import { contributionOverdueNotice } from '../../../core/contributions/contribution-notices.ts';
import { addDays, kigaliDateOf } from '../../../core/shared/calendar.ts';
import type { Clock } from '../../../core/shared/clock.ts';
import type { UnitOfWork } from '../../../core/shared/unit-of-work.ts';
import type { Notifier } from '../../../core/tontines/ports.ts';
import type { PostgresContributionNotices } from '../../../adapters/postgres/postgres-contribution-notices.ts';
import type { Job, JobReport } from '../job-runner.ts';

export const LOOKBACK_DAYS = 7;

export class OverdueNoticesJob implements Job {
  readonly name = 'overdue-notices';
  readonly schedules = ['0 9 * * *', '*/15 9-20 * * *'];

  constructor(
    private readonly deps: { notices: PostgresContributionNotices; notifier: Notifier; uow: UnitOfWork; clock: Clock; logger: Logger },
  ) {}

  async run(): Promise<JobReport> {
    const { notices, notifier, uow, clock, logger } = this.deps;
    const now = clock.now();
    const today = kigaliDateOf(now);
    const pending = (await notices.pendingInActiveTontines(addDays(today, -LOOKBACK_DAYS), addDays(today, -1))).filter((p) => p.contribution.isOverdueAt(now));
    const noticed = await notices.overdueNoticed(pending.map((p) => p.contribution.id));
    const report = { sent: 0, alreadySent: 0, failed: 0 };
    for (const { contribution, tontineName } of pending) {
      if (noticed.has(contribution.id)) continue;
      try {
        const fresh = await uow.run(async () => {
          if (!(await notices.recordOnce(contribution.id, 'overdue', now))) return false;
          await notifier.notify(contributionOverdueNotice(contribution, tontineName));
          return true;
        });
        if (fresh) report.sent++;
        else report.alreadySent++;
      } catch (error) {
        report.failed++;
        logger.error({ err: error, contributionId: contribution.id }, 'overdue notice not sent');
      }
    }
    return report;
  }
}
