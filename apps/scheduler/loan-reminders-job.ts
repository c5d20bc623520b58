/**
 * `loan-reminders`: at 09:00 Kigali every day, and every 15 minutes as a catch-up for a missed run,
 * reminds borrowers of their next instalment 3 days before, 1 day before and on its due date
 * (core/loans/loan-reminders.ts decides which is due), and brings stored loan statuses in line with
 * their schedules (active ⇄ overdue, core refreshLoanStatuses).
 *
 * Guarantees
 * - Each (loan, instalment, offset) is sent once: recording it (UNIQUE key) and writing the in-app
 *   notification, SMS and e-mail to the outbox happen in one transaction (`Lending`).
 * - One loan's failure is logged and does not stop the others.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../core/shared/clock.ts';
import type { Lending } from '../modules/loans-module.ts';
import type { Job, JobReport } from './job-runner.ts';

export class LoanRemindersJob implements Job {
  readonly name = 'loan-reminders';
  readonly schedules = ['0 9 * * *', '*/15 * * * *'];

  constructor(
    private readonly lending: Lending,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async run(): Promise<JobReport> {
    const now = this.clock.now();
    const report = { sent: 0, alreadySent: 0, failed: 0, statusesChanged: (await this.lending.refreshStatuses()).length };
    for (const reminder of await this.lending.dueInstalmentReminders(now)) {
      try {
        if (await this.lending.sendInstalmentReminder(reminder, now)) report.sent++;
        else report.alreadySent++;
      } catch (error) {
        report.failed++;
        this.logger.error({ err: error, loanId: reminder.loan.id, instalment: reminder.instalment.number, offset: reminder.offset }, 'loan reminder not sent');
      }
    }
    return report;
  }
}
