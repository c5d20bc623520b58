/**
 * The scheduler's bindings: the SMS gateway, the outbox's delivery and notice use cases, the jobs
 * (apps/scheduler/jobs.ts: each names the use cases it runs) and the runner that schedules them.
 * Loaded by buildContainer, so the server, the CLI (`jobs run`) and the tests resolve the same jobs.
 */
import { PayCommissions, SettleMerchants } from '../../core/settlements/settle-merchants.ts';
import { ContainerModule } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { PruneAttemptCounters } from '../../core/accounts/prune-attempt-counters.ts';
import { SendContributionReminders } from '../../core/contributions/send-contribution-reminders.ts';
import { SendOverdueNotices } from '../../core/contributions/send-overdue-notices.ts';
import { RefreshLoanStatuses } from '../../core/loans/refresh-loan-statuses.ts';
import { SendInstalmentReminders } from '../../core/loans/send-instalment-reminders.ts';
import { DeliverDueSms } from '../../core/notifications/deliver-due-messages.ts';
import type { OutboxQueue } from '../../core/notifications/outbox.ts';
import type { SmsDeliveries, SmsSender } from '../../core/notifications/sms-sender.ts';
import { FollowCardRefunds } from '../../core/merchants/refund-card-payment.ts';
import { PollPendingPayments } from '../../core/payments/poll-pending-payments.ts';
import { ReconcilePayment } from '../../core/payments/reconcile-payment.ts';
import { SettlePaymentReport } from '../../core/payments/settle-payment-report.ts';
import type { Clock } from '../../core/shared/clock.ts';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';
import { PayOutDueCycles } from '../../core/tontines/pay-out-due-cycles.ts';
import { PostDueFines } from '../../core/tontines/post-due-fines.ts';
import { PayoutIfCycleComplete } from '../../core/tontines/payout-if-cycle-complete.ts';
import { RetryDueTransfers } from '../../core/transfers/retry-due-transfers.ts';
import { RetryTransfer } from '../../core/transfers/retry-transfer.ts';
import { PruneAbandonedUploads } from '../../core/uploads/prune-abandoned-uploads.ts';
import { SendTransfer } from '../../core/transfers/send-transfer.ts';
import { PostgresContributionNotices } from '../../adapters/postgres/postgres-contribution-notices.ts';
import { AfricasTalkingSmsSender } from '../../adapters/sms/africastalking-sms-sender.ts';
import type { Config } from '../config.ts';
import { fromDeps, withDeps } from '../deps.ts';
import { ConfirmCardPayment } from '../../core/payments/confirm-card-payment.ts';
import { TOKENS } from '../tokens.ts';
import { JobRunner, type Job } from './job-runner.ts';
import { scheduledJobs, type JobUseCases } from './jobs.ts';
import { RefreshWorkingCapital } from '../../core/working-capital/review-working-capital.ts';

export const schedulerModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.SmsSender).toResolvedValue(
    (config: Config) =>
      config.africasTalking
        ? new AfricasTalkingSmsSender({
            username: config.africasTalking.username,
            apiKey: config.africasTalking.apiKey,
            baseUrl: config.africasTalking.baseUrl,
            ...(config.africasTalking.senderId ? { from: config.africasTalking.senderId } : {}),
          })
        : null,
    [TOKENS.Config],
  );
  bind(TOKENS.DeliverDueSms).toResolvedValue(
    (sender: SmsSender | null, outbox: OutboxQueue, deliveries: SmsDeliveries, uow: UnitOfWork, clock: Clock) =>
      sender ? new DeliverDueSms({ outbox, deliveries, sender, uow, clock }) : null,
    [TOKENS.SmsSender, TOKENS.OutboxQueue, TOKENS.SmsDeliveries, TOKENS.UnitOfWork, TOKENS.Clock],
  );

  bind(TOKENS.ContributionNotices).toResolvedValue((em: EntityManager) => new PostgresContributionNotices(em), [TOKENS.EntityManager]);
  const notices = { notices: TOKENS.ContributionNotices, notifier: TOKENS.Notifier, uow: TOKENS.UnitOfWork, clock: TOKENS.Clock, events: TOKENS.Logger } as const;
  bind(SendContributionReminders).toResolvedValue(...withDeps(SendContributionReminders, notices));
  bind(SendOverdueNotices).toResolvedValue(...withDeps(SendOverdueNotices, notices));
  bind(PollPendingPayments).toResolvedValue(
    ...withDeps(PollPendingPayments, {
      payments: TOKENS.PaymentRepository,
      loanCollections: TOKENS.LoanCollections,
      transfers: TOKENS.OutgoingTransfers,
      merchantPayments: TOKENS.MerchantTransactions,
      workingCapitalCollections: TOKENS.WorkingCapitalCollections,
      reconcile: ReconcilePayment,
      cards: ConfirmCardPayment,
      settle: SettlePaymentReport,
      sendTransfer: SendTransfer,
      clock: TOKENS.Clock,
      events: TOKENS.Logger,
    }),
  );
  bind(RetryDueTransfers).toResolvedValue(
    ...withDeps(RetryDueTransfers, { transfers: TOKENS.OutgoingTransfers, retryTransfer: RetryTransfer, clock: TOKENS.Clock, events: TOKENS.Logger }),
  );
  bind(PayOutDueCycles).toResolvedValue(...withDeps(PayOutDueCycles, { cycles: TOKENS.CompletedCycles, payout: PayoutIfCycleComplete, events: TOKENS.Logger }));
  bind(PruneAttemptCounters).toResolvedValue(
    ...withDeps(PruneAttemptCounters, { rateLimits: TOKENS.ExpiringRateLimits, signInThrottle: TOKENS.ExpiringSignInThrottle, clock: TOKENS.Clock }),
  );

  bind(TOKENS.Jobs).toResolvedValue(
    ...fromDeps(
      (deps: JobUseCases & { config: Config; logger: Logger }) =>
        scheduledJobs(deps, { outboxPollSeconds: deps.config.mail.pollSeconds, paymentPollAfterSeconds: deps.config.scheduler.paymentPollAfterSeconds, paymentPollEverySeconds: deps.config.scheduler.paymentPollEverySeconds, logger: deps.logger }),
      {
        deliverDueEmails: TOKENS.DeliverDueEmails,
        deliverDueSms: TOKENS.DeliverDueSms,
        sendContributionReminders: SendContributionReminders,
        sendOverdueNotices: SendOverdueNotices,
        refreshLoanStatuses: RefreshLoanStatuses,
        sendInstalmentReminders: SendInstalmentReminders,
        pollPendingPayments: PollPendingPayments,
        followCardRefunds: FollowCardRefunds,
        payOutDueCycles: PayOutDueCycles,
        postDueFines: PostDueFines,
        retryDueTransfers: RetryDueTransfers,
        pruneAttemptCounters: PruneAttemptCounters,
        pruneAbandonedUploads: PruneAbandonedUploads,
        settleMerchants: SettleMerchants,
        payCommissions: PayCommissions,
        refreshWorkingCapital: RefreshWorkingCapital,
        config: TOKENS.Config,
        logger: TOKENS.Logger,
      },
    ),
  );
  bind(JobRunner).toResolvedValue(
    (orm: MikroORM, jobs: Job[], logger: Logger, config: Config) => new JobRunner(orm, jobs, logger, config.databasePooler === 'pgbouncer' ? 'transaction' : 'session'),
    [TOKENS.Orm, TOKENS.Jobs, TOKENS.Logger, TOKENS.Config],
  );
});
