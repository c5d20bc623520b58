import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { jobLockKey } from './job-runner.ts';
import { scheduledJobs, type JobUseCases } from './jobs.ts';

const pollingSchedules = (env: Record<string, string>) => {
  const config = loadConfig(env);
  const jobs = scheduledJobs({} as JobUseCases, {
    outboxPollSeconds: config.mail.pollSeconds,
    paymentPollAfterSeconds: config.scheduler.paymentPollAfterSeconds,
    paymentPollEverySeconds: config.scheduler.paymentPollEverySeconds,
    logger: pino({ level: 'silent' }),
  });
  return jobs.find((job) => job.name === 'payment-polling')!.schedules;
};

describe('payment-polling schedule (PAYMENT_POLL_EVERY_SECONDS)', () => {
  it('runs every whole minute by default, every few seconds when asked (the browser tests), and refuses nonsense', () => {
    expect(pollingSchedules({})).toEqual(['0 */1 * * * *']);
    expect(pollingSchedules({ PAYMENT_POLL_EVERY_SECONDS: '2' })).toEqual(['*/2 * * * * *']);
    expect(pollingSchedules({ PAYMENT_POLL_EVERY_SECONDS: '300' })).toEqual(['0 */5 * * * *']);
    expect(() => loadConfig({ PAYMENT_POLL_EVERY_SECONDS: '0' })).toThrow(/PAYMENT_POLL_EVERY_SECONDS/);
  });
});

describe('card refunds are followed by their own job (card-refunds), not inside payment-polling', () => {
  const settings = { outboxPollSeconds: 10, paymentPollAfterSeconds: 30, paymentPollEverySeconds: 60, logger: pino({ level: 'silent' }) };
  const polled = { asked: 1, settled: 1, resent: 0, errors: 0 };

  it('payment-polling finishes while a slow processor keeps the refund follow-up waiting; card-refunds runs it on its own lock and schedule', async () => {
    let refundsAsked = 0;
    const useCases = {
      pollPendingPayments: { execute: async () => polled },
      // The processor never answers.
      followCardRefunds: { execute: () => { refundsAsked++; return new Promise(() => undefined); } },
    } as unknown as JobUseCases;
    const jobs = scheduledJobs(useCases, settings);
    const polling = jobs.find((job) => job.name === 'payment-polling')!;
    const refunds = jobs.find((job) => job.name === 'card-refunds')!;
    await expect(polling.run()).resolves.toEqual(polled);
    expect(refundsAsked).toBe(0);
    const following = refunds.run();
    expect(refundsAsked).toBe(1);
    // Meanwhile payment polling runs again and finishes: it never waits on the refunds' run.
    await expect(polling.run()).resolves.toEqual(polled);
    expect(await Promise.race([following.then(() => 'finished'), new Promise((resolve) => setTimeout(resolve, 20, 'still waiting'))])).toBe('still waiting');
    expect(jobLockKey('card-refunds')).not.toBe(jobLockKey('payment-polling'));
    expect(refunds.schedules).toEqual(['30 * * * * *']);
  });
});
