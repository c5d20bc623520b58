/**
 * `loan-reminders`: at 09:00 Kigali every day, and every 15 minutes as a catch-up for a missed run,
 * brings stored loan statuses in line with their schedules (active ⇄ overdue, core
 * RefreshLoanStatuses), then reminds borrowers of their next instalment 3 days before, 1 day before
 * and on its due date (core SendInstalmentReminders).
 *
 * Guarantees
 * - Each (loan, instalment, offset) is sent once: recording it (UNIQUE key) and writing the in-app
 *   notification, SMS and e-mail to the outbox happen in one transaction (SendInstalmentReminders).
 * - One loan's failure is logged and does not stop the others.
 */
import type { Logger } from 'pino';
import type { RefreshLoanStatuses } from '../../core/loans/refresh-loan-statuses.ts';
import type { SendInstalmentReminders } from '../../core/loans/send-instalment-reminders.ts';
import type { Job, JobReport } from './job-runner.ts';

export class LoanRemindersJob implements Job {
  readonly name = 'loan-reminders';
  readonly schedules = ['0 9 * * *', '*/15 * * * *'];

  constructor(
    private readonly deps: {
      refreshLoanStatuses: Pick<RefreshLoanStatuses, 'execute'>;
      sendInstalmentReminders: Pick<SendInstalmentReminders, 'execute'>;
      logger: Logger;
    },
  ) {}

  async run(): Promise<JobReport> {
    const { refreshLoanStatuses, sendInstalmentReminders, logger } = this.deps;
    const statusesChanged = (await refreshLoanStatuses.execute()).length;
    const { sent, alreadySent, failed } = await sendInstalmentReminders.execute();
    for (const { reminder, error } of failed) {
      logger.error({ err: error, loanId: reminder.loan.id, instalment: reminder.instalment.number, offset: reminder.offset }, 'loan reminder not sent');
    }
    return { sent, alreadySent, failed: failed.length, statusesChanged };
  }
}
