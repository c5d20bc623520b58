/**
 * The scheduler's bindings: the jobs (apps/scheduler/jobs.ts: each names the use cases it runs,
 * which their modules bind) and the runner that schedules them. Loaded by buildContainer, so the
 * server, the CLI (`jobs run`) and the tests resolve the same jobs.
 */
import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { PruneAttemptCounters } from '../../core/accounts/prune-attempt-counters.ts';
import { PrepareDataExports } from '../../core/data-rights/prepare-data-exports.ts';
import { PurgeExpiredExports } from '../../core/data-rights/purge-expired-exports.ts';
import { CloseExpiredProposals } from '../../core/decisions/close-expired-proposals.ts';
import { SendContributionReminders } from '../../core/contributions/send-contribution-reminders.ts';
import { SendOverdueNotices } from '../../core/contributions/send-overdue-notices.ts';
import { RefreshLoanStatuses } from '../../core/loans/refresh-loan-statuses.ts';
import { SendInstalmentReminders } from '../../core/loans/send-instalment-reminders.ts';
import { FollowCardRefunds } from '../../core/merchants/follow-card-refunds.ts';
import { PollPendingPayments } from '../../core/payment-reports/poll-pending-payments.ts';
import { SettleMerchants } from '../../core/settlements/settle-merchants.ts';
import { PayCommissions } from '../../core/agents/pay-commissions.ts';
import { PayOutDueCycles } from '../../core/tontines/pay-out-due-cycles.ts';
import { SendMonthlyStatements } from '../../core/tontines/send-monthly-statements.ts';
import { PostDueFines } from '../../core/tontines/post-due-fines.ts';
import { PayoutIfCycleComplete } from '../../core/tontines/payout-if-cycle-complete.ts';
import { RetryDueTransfers } from '../../core/transfers/retry-due-transfers.ts';
import { PruneAbandonedUploads } from '../../core/uploads/prune-abandoned-uploads.ts';
import { RefreshWorkingCapital } from '../../core/working-capital/review-working-capital.ts';
import type { Config } from '../config.ts';
import { fromDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';
import { JobRunner, type Job } from './job-runner.ts';
import { scheduledJobs, type JobUseCases } from './jobs.ts';

export const schedulerModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.Jobs).toResolvedValue(
    ...fromDeps(
      (deps: JobUseCases & { config: Config; logger: Logger }) =>
        scheduledJobs(deps, { outboxPollSeconds: deps.config.mail.pollSeconds, paymentPollAfterSeconds: deps.config.scheduler.paymentPollAfterSeconds, paymentPollEverySeconds: deps.config.scheduler.paymentPollEverySeconds, logger: deps.logger }),
      {
        deliverDueEmails: TOKENS.DeliverDueEmails,
        deliverDueSms: TOKENS.DeliverDueSms,
        sendContributionReminders: SendContributionReminders,
        sendOverdueNotices: SendOverdueNotices,
        sendMonthlyStatements: SendMonthlyStatements,
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
        closeExpiredProposals: CloseExpiredProposals,
        prepareDataExports: PrepareDataExports,
        purgeExpiredExports: PurgeExpiredExports,
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
