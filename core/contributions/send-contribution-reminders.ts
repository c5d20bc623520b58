/**
 * SendContributionReminders: remind members of their pending contributions 3 days before, 1 day
 * before and on the due date (`dueReminders` decides which reminder is due now).
 *
 * Guarantees
 * - Each (contribution, offset) is sent once: recording it and writing the in-app notification,
 *   SMS and e-mail (the Notifier, in the member's language) happen in one unit of work, so two
 *   replicas racing, or a crash at any point, never send one twice or lose it.
 * - Paid contributions and groups that are not running get none.
 * - One member's failure (say, a deleted account) is left in the event log and does not stop the others.
 */
import { addDays, kigaliDateOf } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import type { EventLog } from '../shared/event-log.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { MemberNotification, Notifier } from '../tontines/ports.ts';
import { contributionDueNotice } from './contribution-notices.ts';
import { dueReminders, REMINDER_OFFSETS } from './contribution-reminders.ts';
import type { ContributionNoticeKind, ContributionNotices } from './ports.ts';

const FURTHEST_DAYS_BEFORE = Math.max(...REMINDER_OFFSETS.map((r) => r.daysBefore));

export interface SendContributionRemindersDeps {
  notices: ContributionNotices;
  notifier: Notifier;
  uow: UnitOfWork;
  clock: Clock;
  events: EventLog;
}

export interface NoticeReport {
  sent: number;
  alreadySent: number;
  failed: number;
}

/**
 * Records the notice (contribution, kind) and writes it to the member, in one unit of work; false
 * when it was recorded before (by an earlier run or a racing replica), and nothing is written.
 */
export function noticeOnce(
  deps: { notices: ContributionNotices; notifier: Notifier; uow: UnitOfWork },
  contributionId: string,
  kind: ContributionNoticeKind,
  now: Date,
  notice: MemberNotification,
): Promise<boolean> {
  return deps.uow.run(async () => {
    if (!(await deps.notices.recordOnce(contributionId, kind, now))) return false;
    await deps.notifier.notify(notice);
    return true;
  });
}

export class SendContributionReminders {
  constructor(private readonly deps: SendContributionRemindersDeps) {}

  async execute(): Promise<NoticeReport> {
    const { notices, clock, events } = this.deps;
    const now = clock.now();
    const today = kigaliDateOf(now);
    const pending = await notices.pendingInActiveTontines(today, addDays(today, FURTHEST_DAYS_BEFORE));
    const names = new Map(pending.map((p) => [p.contribution.id, p.tontineName]));
    const sent = await notices.sentReminderKeys(pending.map((p) => p.contribution.id));
    const report: NoticeReport = { sent: 0, alreadySent: 0, failed: 0 };
    for (const reminder of dueReminders(pending.map((p) => p.contribution), now, sent)) {
      try {
        const notice = contributionDueNotice(reminder.contribution, names.get(reminder.contribution.id) ?? '');
        const fresh = await noticeOnce(this.deps, reminder.contribution.id, reminder.offset, now, notice);
        report[fresh ? 'sent' : 'alreadySent']++;
      } catch (error) {
        report.failed++;
        events.error({ err: error, contributionId: reminder.contribution.id, offset: reminder.offset }, 'reminder not sent');
      }
    }
    return report;
  }
}
