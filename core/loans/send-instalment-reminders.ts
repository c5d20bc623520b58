/**
 * SendInstalmentReminders: remind borrowers of their next instalment (loan-reminders.ts decides
 * which reminders are due at this instant).
 *
 * Guarantees
 * - Each (loan, instalment, offset) is sent once: recording it (LoanReminderNotices.recordOnce)
 *   and notifying the member (in-app, SMS and e-mail through the Notifier's outbox) happen in one
 *   unit of work, so a reminder is never recorded without its notice nor notified twice.
 * - One reminder's failure rolls back that reminder only and does not stop the others: it is
 *   answered in `failed` with its error, for the caller to log.
 */
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { Notifier } from '../tontines/ports.ts';
import { instalmentReminder } from './loan-notices.ts';
import { dueInstalmentReminders, type DueInstalmentReminder } from './loan-reminders.ts';
import type { LoanReminderNotices, LoanRepository } from './ports.ts';

export interface SendInstalmentRemindersDeps {
  loans: LoanRepository;
  reminders: LoanReminderNotices;
  notifier: Notifier;
  uow: UnitOfWork;
  clock: Clock;
}

export interface InstalmentRemindersSent {
  sent: number;
  /** Recorded meanwhile by another run (another replica): not sent again. */
  alreadySent: number;
  failed: { reminder: DueInstalmentReminder; error: unknown }[];
}

export class SendInstalmentReminders {
  constructor(private readonly deps: SendInstalmentRemindersDeps) {}

  async execute(): Promise<InstalmentRemindersSent> {
    const { loans, reminders, notifier, uow, clock } = this.deps;
    const now = clock.now();
    const disbursed = await loans.findDisbursed();
    const candidates = dueInstalmentReminders(disbursed, now, new Set());
    const due = dueInstalmentReminders(disbursed, now, await reminders.sentKeys(candidates.map((c) => c.key)));
    const report: InstalmentRemindersSent = { sent: 0, alreadySent: 0, failed: [] };
    for (const reminder of due) {
      try {
        const sent = await uow.run(async () => {
          if (!(await reminders.recordOnce(reminder.key, now))) return false;
          await notifier.notify(instalmentReminder(reminder.loan, reminder.instalment, reminder.amountDue, reminder.daysBefore));
          return true;
        });
        if (sent) report.sent++;
        else report.alreadySent++;
      } catch (error) {
        report.failed.push({ reminder, error });
      }
    }
    return report;
  }
}
