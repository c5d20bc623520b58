/**
 * `reminders`: at 09:00 Kigali every day, and every 15 minutes as a catch-up for a missed run,
 * reminds members of their pending contributions 3 days before, 1 day before and on the due date
 * (core/contributions/contribution-reminders.ts decides which reminder is due).
 *
 * Guarantees
 * - Each (contribution, offset) is sent once: recording it (UNIQUE) and writing the in-app
 *   notification, SMS and e-mail to the outbox (the Notifier, in the member's language) happen in
 *   one transaction, so two replicas racing, or a crash at any point, never send one twice or lose it.
 * - Paid contributions and tontines that are not running get none.
 * - One member's failure (say, a deleted account) is logged and does not stop the others.
 */
import type { Logger } from 'pino';
import { contributionDueNotice } from '../../../core/contributions/contribution-notices.ts';
import { dueReminders, REMINDER_OFFSETS } from '../../../core/contributions/contribution-reminders.ts';
import { addDays, kigaliDateOf } from '../../../core/shared/calendar.ts';
import type { Clock } from '../../../core/shared/clock.ts';
import type { UnitOfWork } from '../../../core/shared/unit-of-work.ts';
import type { Notifier } from '../../../core/tontines/ports.ts';
import type { PostgresContributionNotices } from '../../../adapters/postgres/postgres-contribution-notices.ts';
import type { Job, JobReport } from '../job-runner.ts';

const FURTHEST_DAYS_BEFORE = Math.max(...REMINDER_OFFSETS.map((r) => r.daysBefore));

export class RemindersJob implements Job {
  readonly name = 'reminders';
  readonly schedules = ['0 9 * * *', '*/15 * * * *'];

  constructor(
    private readonly deps: { notices: PostgresContributionNotices; notifier: Notifier; uow: UnitOfWork; clock: Clock; logger: Logger },
  ) {}

  async run(): Promise<JobReport> {
    const { notices, notifier, uow, clock, logger } = this.deps;
    const now = clock.now();
    const today = kigaliDateOf(now);
    const pending = await notices.pendingInActiveTontines(today, addDays(today, FURTHEST_DAYS_BEFORE));
    const names = new Map(pending.map((p) => [p.contribution.id, p.tontineName]));
    const sent = await notices.sentReminderKeys(pending.map((p) => p.contribution.id));
    const due = dueReminders(
      pending.map((p) => p.contribution),
      now,
      sent,
    );
    const report = { sent: 0, alreadySent: 0, failed: 0 };
    for (const reminder of due) {
      try {
        const fresh = await uow.run(async () => {
          if (!(await notices.recordOnce(reminder.contribution.id, reminder.offset, now))) return false;
          await notifier.notify(contributionDueNotice(reminder.contribution, names.get(reminder.contribution.id) ?? ''));
          return true;
        });
        if (fresh) report.sent++;
        else report.alreadySent++;
      } catch (error) {
        report.failed++;
        logger.error({ err: error, contributionId: reminder.contribution.id, offset: reminder.offset }, 'reminder not sent');
      }
    }
    return report;
  }
}
