/**
 * Work the server does besides answering requests: the scheduler's jobs (outbox dispatch,
 * reminders, overdue notices, payment polling, rate-limit pruning), each on its cron schedule
 * under a PostgreSQL advisory lock, so every replica may start it and each job runs once at a
 * time (apps/scheduler/job-runner.ts). SCHEDULER_ENABLED=false keeps a replica out of it.
 */
import type { Container } from 'inversify';
import { JobRunner } from './scheduler/job-runner.ts';
import { TOKENS } from './tokens.ts';

export function startBackgroundWork(container: Container): { stop(): Promise<void> } {
  const config = container.get(TOKENS.Config);
  const logger = container.get(TOKENS.Logger);
  if (!config.scheduler.enabled) {
    logger.info('SCHEDULER_ENABLED=false: this replica runs no scheduled jobs');
    return { stop: async () => undefined };
  }
  if (!container.get(TOKENS.DeliverDueEmails)) logger.info('no SMTP_URL: e-mails stay in the outbox (see `npm run admin -- outbox list`)');
  if (!container.get(TOKENS.DeliverDueSms)) logger.info("no Africa's Talking credentials: SMS stay in the outbox, kept locally (see `npm run admin -- outbox list`)");
  const runner = container.get(JobRunner);
  runner.start();
  return { stop: () => runner.stop() };
}
