/**
 * Work the server does besides answering requests: delivering the e-mail outbox and pruning old
 * rate-limit counters. Each tick runs in its own RequestContext and never overlaps itself; every
 * replica runs it, which is safe (claims use SKIP LOCKED, pruning is idempotent).
 */
import { RequestContext } from '@mikro-orm/core';
import type { Container } from 'inversify';
import { PostgresRateLimiter } from '../adapters/postgres/postgres-rate-limiter.ts';
import { TOKENS } from './container.ts';

export function startBackgroundWork(container: Container): { stop(): Promise<void> } {
  const config = container.get(TOKENS.Config);
  const logger = container.get(TOKENS.Logger);
  const orm = container.get(TOKENS.Orm);
  const clock = container.get(TOKENS.Clock);
  const dispatcher = container.get(TOKENS.EmailDispatcher);
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  function every(seconds: number, name: string, work: () => Promise<unknown>) {
    let busy = false;
    timers.push(
      setInterval(() => {
        if (busy) return;
        busy = true;
        const tick = RequestContext.create(orm.em, work)
          .catch((error: unknown) => logger.error({ err: error, job: name }, 'background job failed'))
          .finally(() => {
            busy = false;
            running.delete(tick);
          });
        running.add(tick);
      }, seconds * 1000),
    );
  }

  if (dispatcher) {
    every(config.mail.pollSeconds, 'email-outbox', async () => {
      const report = await dispatcher.dispatchDue();
      if (report.sent + report.retrying + report.failed > 0) logger.info({ ...report }, 'e-mail outbox dispatched');
    });
  } else {
    logger.info('no SMTP_URL: e-mails stay in the outbox (see `npm run admin -- outbox list`)');
  }
  const limiter = container.get(PostgresRateLimiter);
  every(3600, 'rate-limit-prune', () => limiter.prune(new Date(clock.now().getTime() - 86_400_000)));

  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled(running);
    },
  };
}
