/**
 * SendOverdueNotices: once a pending contribution's due date is over (Kigali), tell its member once.
 *
 * Guarantees
 * - One notice per contribution: recorded in the unit of work that writes the in-app
 *   notification, SMS and e-mail to the outbox, in the member's language.
 * - Only contributions that turned overdue in the last LOOKBACK_DAYS are noticed: a scheduler
 *   started on an old database does not send a wave of notices about long-known debts.
 * - One member's failure is left in the event log and does not stop the others.
 */
import { addDays, kigaliDateOf } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import type { EventLog } from '../shared/event-log.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { Notifier } from '../tontines/ports.ts';
import { contributionOverdueNotice } from './contribution-notices.ts';
import type { ContributionNotices } from './ports.ts';
import { noticeOnce, type NoticeReport } from './send-contribution-reminders.ts';

export const LOOKBACK_DAYS = 7;

export interface SendOverdueNoticesDeps {
  notices: ContributionNotices;
  notifier: Notifier;
  uow: UnitOfWork;
  clock: Clock;
  events: EventLog;
}

export class SendOverdueNotices {
  constructor(private readonly deps: SendOverdueNoticesDeps) {}

  async execute(): Promise<NoticeReport> {
    const { notices, clock, events } = this.deps;
    const now = clock.now();
    const today = kigaliDateOf(now);
    const pending = (await notices.pendingInActiveTontines(addDays(today, -LOOKBACK_DAYS), addDays(today, -1))).filter((p) => p.contribution.isOverdueAt(now));
    const noticed = await notices.overdueNoticed(pending.map((p) => p.contribution.id));
    const report: NoticeReport = { sent: 0, alreadySent: 0, failed: 0 };
    for (const { contribution, tontineName } of pending) {
      if (noticed.has(contribution.id)) continue;
      try {
        const fresh = await noticeOnce(this.deps, contribution.id, 'overdue', now, contributionOverdueNotice(contribution, tontineName));
        report[fresh ? 'sent' : 'alreadySent']++;
      } catch (error) {
        report.failed++;
        events.error({ err: error, contributionId: contribution.id }, 'overdue notice not sent');
      }
    }
    return report;
  }
}
