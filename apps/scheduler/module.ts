/**
 * The scheduler's bindings: the SMS sender and dispatcher, the stores of SMS deliveries and
 * contribution notices, the jobs and the runner that schedules them. Loaded by buildContainer,
 * so the server, the CLI (`jobs run`) and the tests resolve the same jobs.
 */
import { ContainerModule } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { RefreshLoanStatuses } from '../../core/loans/refresh-loan-statuses.ts';
import { SendInstalmentReminders } from '../../core/loans/send-instalment-reminders.ts';
import type { SmsSender } from '../../core/notifications/sms-sender.ts';
import type { MobileMoney } from '../../core/payments/ports.ts';
import type { Clock } from '../../core/shared/clock.ts';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';
import { PayoutIfCycleComplete } from '../../core/tontines/payout-if-cycle-complete.ts';
import type { Notifier } from '../../core/tontines/ports.ts';
import { RetryTransfer } from '../../core/transfers/retry-transfer.ts';
import { SendTransfer } from '../../core/transfers/send-transfer.ts';
import type { EmailOutboxDispatcher } from '../../adapters/email/email-outbox-dispatcher.ts';
import { MikroOrmLoanCollections } from '../../adapters/postgres/mikro-orm-loan-repository.ts';
import { PostgresOutgoingTransfers } from '../../adapters/postgres/postgres-outgoing-transfers.ts';
import { MikroOrmTontineRepository } from '../../adapters/postgres/mikro-orm-tontine-repository.ts';
import { PostgresContributionNotices } from '../../adapters/postgres/postgres-contribution-notices.ts';
import { PostgresOutbox } from '../../adapters/postgres/postgres-outbox.ts';
import { PostgresPaymentRepository } from '../../adapters/postgres/postgres-payment-repository.ts';
import { PostgresRateLimiter } from '../../adapters/postgres/postgres-rate-limiter.ts';
import { PostgresSignInThrottle } from '../../adapters/postgres/postgres-sign-in-throttle.ts';
import { PostgresSmsDeliveries } from '../../adapters/postgres/postgres-sms-deliveries.ts';
import { AfricasTalkingSmsSender } from '../../adapters/sms/africastalking-sms-sender.ts';
import { SmsOutboxDispatcher } from '../../adapters/sms/sms-outbox-dispatcher.ts';
import type { Config } from '../config.ts';
import { TOKENS } from '../tokens.ts';
import { SettlePaymentReport } from '../../core/payments/settle-payment-report.ts';
import { ReconcilePayment } from '../../core/payments/reconcile-payment.ts';
import { JobRunner, type Job } from './job-runner.ts';
import { OutboxDispatchJob } from './jobs/outbox-dispatch-job.ts';
import { OverdueNoticesJob } from './jobs/overdue-notices-job.ts';
import { PaymentPollingJob } from './jobs/payment-polling-job.ts';
import { PayoutDueJob } from './jobs/payout-due-job.ts';
import { RateLimitPruneJob } from './jobs/rate-limit-prune-job.ts';
import { RemindersJob } from './jobs/reminders-job.ts';
import { TransferRetryJob } from './jobs/transfer-retry-job.ts';
import { UploadPruneJob } from './jobs/upload-prune-job.ts';
import { LoanRemindersJob } from './loan-reminders-job.ts';

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
  bind(PostgresSmsDeliveries).toResolvedValue((em: EntityManager) => new PostgresSmsDeliveries(em), [TOKENS.EntityManager]);
  bind(PostgresContributionNotices).toResolvedValue((em: EntityManager) => new PostgresContributionNotices(em), [TOKENS.EntityManager]);
  bind(TOKENS.SmsDispatcher).toResolvedValue(
    (sender: SmsSender | null, outbox: PostgresOutbox, deliveries: PostgresSmsDeliveries, uow: UnitOfWork, clock: Clock) =>
      sender ? new SmsOutboxDispatcher({ outbox, deliveries, sender, uow, clock }) : null,
    [TOKENS.SmsSender, PostgresOutbox, PostgresSmsDeliveries, TOKENS.UnitOfWork, TOKENS.Clock],
  );

  bind(OutboxDispatchJob).toResolvedValue(
    (email: EmailOutboxDispatcher | null, sms: SmsOutboxDispatcher | null, config: Config) => new OutboxDispatchJob(email, sms, config.mail.pollSeconds),
    [TOKENS.EmailDispatcher, TOKENS.SmsDispatcher, TOKENS.Config],
  );
  bind(RateLimitPruneJob).toResolvedValue(
    (limiter: PostgresRateLimiter, throttle: PostgresSignInThrottle, clock: Clock) => new RateLimitPruneJob(limiter, throttle, clock),
    [PostgresRateLimiter, PostgresSignInThrottle, TOKENS.Clock],
  );

  const noticeDeps = [PostgresContributionNotices, TOKENS.Notifier, TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.Logger] as const;
  type NoticeDeps = [PostgresContributionNotices, Notifier, UnitOfWork, Clock, Logger];
  const notices = (...[notices, notifier, uow, clock, logger]: NoticeDeps) => ({ notices, notifier, uow, clock, logger });
  bind(RemindersJob).toResolvedValue((...deps: NoticeDeps) => new RemindersJob(notices(...deps)), [...noticeDeps]);
  bind(OverdueNoticesJob).toResolvedValue((...deps: NoticeDeps) => new OverdueNoticesJob(notices(...deps)), [...noticeDeps]);
  bind(PaymentPollingJob).toResolvedValue(
    (
      payments: PostgresPaymentRepository,
      loanCollections: MikroOrmLoanCollections,
      transfers: PostgresOutgoingTransfers,
      reconcile: ReconcilePayment,
      settle: SettlePaymentReport,
      sendTransfer: SendTransfer,
      clock: Clock,
      logger: Logger,
      config: Config,
    ) => new PaymentPollingJob({ payments, loanCollections, transfers, reconcile, settle, sendTransfer, clock, logger, pollAfterSeconds: config.scheduler.paymentPollAfterSeconds }),
    [PostgresPaymentRepository, MikroOrmLoanCollections, PostgresOutgoingTransfers, ReconcilePayment, SettlePaymentReport, SendTransfer, TOKENS.Clock, TOKENS.Logger, TOKENS.Config],
  );
  bind(TransferRetryJob).toResolvedValue(
    (transfers: PostgresOutgoingTransfers, retryTransfer: RetryTransfer, clock: Clock, logger: Logger) => new TransferRetryJob({ transfers, retryTransfer, clock, logger }),
    [PostgresOutgoingTransfers, RetryTransfer, TOKENS.Clock, TOKENS.Logger],
  );
  bind(PayoutDueJob).toResolvedValue(
    (tontines: MikroOrmTontineRepository, payout: PayoutIfCycleComplete, logger: Logger) => new PayoutDueJob({ tontines, payout, logger }),
    [MikroOrmTontineRepository, PayoutIfCycleComplete, TOKENS.Logger],
  );

  bind(LoanRemindersJob).toResolvedValue(
    (refreshLoanStatuses: RefreshLoanStatuses, sendInstalmentReminders: SendInstalmentReminders, logger: Logger) => new LoanRemindersJob({ refreshLoanStatuses, sendInstalmentReminders, logger }),
    [RefreshLoanStatuses, SendInstalmentReminders, TOKENS.Logger],
  );

  bind(TOKENS.Jobs).toResolvedValue((...jobs: Job[]) => jobs, [OutboxDispatchJob, RemindersJob, LoanRemindersJob, OverdueNoticesJob, PaymentPollingJob, PayoutDueJob, TransferRetryJob, RateLimitPruneJob, UploadPruneJob]);
  bind(JobRunner).toResolvedValue((orm: MikroORM, jobs: Job[], logger: Logger) => new JobRunner(orm, jobs, logger), [
    TOKENS.Orm,
    TOKENS.Jobs,
    TOKENS.Logger,
  ]);
});
