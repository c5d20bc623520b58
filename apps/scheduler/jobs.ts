/**
 * The scheduled jobs: each maps a name and its schedules (node-cron, Kigali time; a sixth,
 * leading field is seconds) to the use cases it runs. What each does, and what it guarantees,
 * is written on the use case; a job only says when, and reports the use case's counts.
 */
import type { Logger } from 'pino';
import type { PruneAttemptCounters } from '../../core/accounts/prune-attempt-counters.ts';
import type { SendContributionReminders } from '../../core/contributions/send-contribution-reminders.ts';
import type { SendOverdueNotices } from '../../core/contributions/send-overdue-notices.ts';
import type { RefreshLoanStatuses } from '../../core/loans/refresh-loan-statuses.ts';
import type { SendInstalmentReminders } from '../../core/loans/send-instalment-reminders.ts';
import type { DeliverDueEmails, DeliverDueSms, DispatchReport } from '../../core/notifications/deliver-due-messages.ts';
import type { FollowCardRefunds } from '../../core/merchants/follow-card-refunds.ts';
import type { PollPendingPayments } from '../../core/payment-reports/poll-pending-payments.ts';
import type { PayOutDueCycles } from '../../core/tontines/pay-out-due-cycles.ts';
import type { SendMonthlyStatements } from '../../core/tontines/send-monthly-statements.ts';
import type { PostDueFines } from '../../core/tontines/post-due-fines.ts';
import type { SettleMerchants } from '../../core/settlements/settle-merchants.ts';
import type { PayCommissions } from '../../core/agents/pay-commissions.ts';
import { countByStatus } from '../../core/settlements/payout-status.ts';
import type { RetryDueTransfers } from '../../core/transfers/retry-due-transfers.ts';
import type { PruneAbandonedUploads } from '../../core/uploads/prune-abandoned-uploads.ts';
import type { RefreshWorkingCapital } from '../../core/working-capital/review-working-capital.ts';
import type { CloseExpiredProposals } from '../../core/decisions/close-expired-proposals.ts';
import type { PrepareDataExports } from '../../core/data-rights/prepare-data-exports.ts';
import type { PurgeExpiredExports } from '../../core/data-rights/purge-expired-exports.ts';
import type { Job, JobReport } from './job-runner.ts';

export interface JobUseCases {
  /** Null when no mail transport is configured: e-mails stay in the outbox. */
  deliverDueEmails: Pick<DeliverDueEmails, 'execute'> | null;
  /** Null when no SMS gateway is configured: SMS stay in the outbox. */
  deliverDueSms: Pick<DeliverDueSms, 'execute'> | null;
  sendContributionReminders: Pick<SendContributionReminders, 'execute'>;
  sendOverdueNotices: Pick<SendOverdueNotices, 'execute'>;
  sendMonthlyStatements: Pick<SendMonthlyStatements, 'execute'>;
  refreshLoanStatuses: Pick<RefreshLoanStatuses, 'execute'>;
  sendInstalmentReminders: Pick<SendInstalmentReminders, 'execute'>;
  pollPendingPayments: Pick<PollPendingPayments, 'execute'>;
  /** Card refunds of merchant payments the processor has not finished, or whose answer was lost. */
  followCardRefunds: Pick<FollowCardRefunds, 'execute'>;
  payOutDueCycles: Pick<PayOutDueCycles, 'execute'>;
  postDueFines: Pick<PostDueFines, 'execute'>;
  retryDueTransfers: Pick<RetryDueTransfers, 'execute'>;
  pruneAttemptCounters: Pick<PruneAttemptCounters, 'execute'>;
  pruneAbandonedUploads: Pick<PruneAbandonedUploads, 'execute'>;
  settleMerchants: Pick<SettleMerchants, 'execute'>;
  payCommissions: Pick<PayCommissions, 'execute'>;
  refreshWorkingCapital: Pick<RefreshWorkingCapital, 'execute'>;
  closeExpiredProposals: Pick<CloseExpiredProposals, 'execute'>;
  prepareDataExports: Pick<PrepareDataExports, 'execute'>;
  purgeExpiredExports: Pick<PurgeExpiredExports, 'execute'>;
}

export interface JobSettings {
  /** How often the outbox is emptied (MAIL_POLL_SECONDS). */
  outboxPollSeconds: number;
  /** Payments younger than this are left to their callback (PAYMENT_POLL_AFTER_SECONDS). */
  paymentPollAfterSeconds: number;
  /** How often payment-polling runs (PAYMENT_POLL_EVERY_SECONDS, 60 by default: every whole minute). */
  paymentPollEverySeconds: number;
  logger: Logger;
}

/**
 * node-cron's seconds field takes steps below a minute, its minutes field whole minutes above; the
 * configuration only lets through intervals these steps keep exactly (apps/config.ts).
 */
export function everySeconds(seconds: number): string {
  return seconds < 60 ? `*/${seconds} * * * * *` : `0 */${seconds / 60} * * * *`;
}

const NOTHING_DISPATCHED: DispatchReport = { sent: 0, retrying: 0, failed: 0 };

export function scheduledJobs(useCases: JobUseCases, settings: JobSettings): Job[] {
  const job = (name: string, schedules: readonly string[], run: () => Promise<JobReport>, aliases?: readonly string[]): Job => ({
    name,
    schedules,
    run,
    ...(aliases ? { aliases } : {}),
  });
  return [
    job('outbox-dispatch', [everySeconds(settings.outboxPollSeconds)], async () => {
      const email = (await useCases.deliverDueEmails?.execute()) ?? NOTHING_DISPATCHED;
      const sms = (await useCases.deliverDueSms?.execute()) ?? NOTHING_DISPATCHED;
      return { emailSent: email.sent, emailRetrying: email.retrying, emailFailed: email.failed, smsSent: sms.sent, smsRetrying: sms.retrying, smsFailed: sms.failed };
    }),
    // 09:00 every day, and every 15 minutes as a catch-up for a missed run.
    job('reminders', ['0 9 * * *', '*/15 * * * *'], async () => ({ ...(await useCases.sendContributionReminders.execute()) })),
    job('loan-reminders', ['0 9 * * *', '*/15 * * * *'], async () => {
      const statusesChanged = (await useCases.refreshLoanStatuses.execute()).length;
      const { sent, alreadySent, failed } = await useCases.sendInstalmentReminders.execute();
      for (const { reminder, error } of failed) {
        settings.logger.error({ err: error, loanId: reminder.loan.id, instalment: reminder.instalment.number, offset: reminder.offset }, 'loan reminder not sent');
      }
      return { sent, alreadySent, failed: failed.length, statusesChanged };
    }),
    // At 09:00, or at the next catch-up run during the day: never at night.
    job('overdue-notices', ['0 9 * * *', '*/15 9-20 * * *'], async () => ({ ...(await useCases.sendOverdueNotices.execute()) })),
    job('payment-polling', [everySeconds(settings.paymentPollEverySeconds)], async () => ({ ...(await useCases.pollPendingPayments.execute({ pollAfterSeconds: settings.paymentPollAfterSeconds })) })),
    // Its own lock and schedule: a slow card processor's refund calls never hold up the payments' polling.
    job('card-refunds', ['30 * * * * *'], async () => ({ ...(await useCases.followCardRefunds.execute({ pollAfterSeconds: settings.paymentPollAfterSeconds })) })),
    job('payout-due', ['*/5 * * * *'], async () => ({ ...(await useCases.payOutDueCycles.execute()) })),
    // Group proposals past their expiry, closed with the votes cast in time (each once).
    job('decisions-close', ['* * * * *'], async () => ({ ...(await useCases.closeExpiredProposals.execute()) })),
    // Just after midnight Kigali time, when yesterday's graces have ended; hourly as a catch-up (a fine is posted once: a rerun posts nothing).
    job('late-fines', ['5 0 * * *', '20 * * * *'], async () => ({ ...(await useCases.postDueFines.execute()) })),
    job('transfer-retry', ['* * * * *'], async () => ({ ...(await useCases.retryDueTransfers.execute()) }), ['payout-retry', 'loan-disbursement-retry']),
    job('rate-limit-prune', ['7 * * * *'], async () => useCases.pruneAttemptCounters.execute()),
    // Uploads nobody finished, a day after their address expired.
    job('upload-prune', ['17 * * * *'], async () => ({ ...(await useCases.pruneAbandonedUploads.execute()) })),
    // Members' data exports (Law 058/2021): prepared within a minute of the request, files purged once their 7 days are over.
    job('data-exports', ['* * * * *'], async () => ({ ...(await useCases.prepareDataExports.execute()), ...(await useCases.purgeExpiredExports.execute()) })),
    // Monday 00:30 Kigali time, for the week that ended; hourly on Monday as a catch-up (one batch per merchant and week: a rerun creates nothing).
    job('merchant-settlement', ['30 0 * * 1', '45 1-23 * * 1'], async () => {
      const { created, paid } = await useCases.settleMerchants.execute();
      return { created: created.length, ...countByStatus(paid) };
    }),
    // 09:10 Kigali time: a working capital's shortfall on its 60-day minimum reminded (once per window), unpaid after 18 months overdue.
    job('working-capital', ['10 9 * * *', '40 9-20 * * *'], async () => ({ ...(await useCases.refreshWorkingCapital.execute()) })),
    // The 1st of the month at 08:00 Kigali time (an SMS in the day), for the month that ended; every
    // hour until 19:30 on the first three days as a catch-up (one statement per group and month: a rerun sends nothing).
    job('monthly-statements', ['0 8 1 * *', '30 8-19 1-3 * *'], async () => ({ ...(await useCases.sendMonthlyStatements.execute()) })),
    // The 1st of the month at 01:00 Kigali time, for the month that ended (one payout per agent and month).
    job('agent-commissions', ['0 1 1 * *', '15 2-23 1 * *'], async () => {
      const { created, paid } = await useCases.payCommissions.execute();
      return { created: created.length, ...countByStatus(paid) };
    }),
  ];
}
