import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
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
