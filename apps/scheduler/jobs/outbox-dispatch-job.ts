/**
 * `outbox-dispatch`: every few seconds, hands due e-mail to the mail transport and due SMS to
 * Africa's Talking. A channel with no provider configured is left alone: its messages stay in
 * the outbox, kept locally, and `npm run admin -- outbox list` shows them.
 */
import type { DispatchReport, EmailOutboxDispatcher } from '../../../adapters/email/email-outbox-dispatcher.ts';
import type { SmsOutboxDispatcher } from '../../../adapters/sms/sms-outbox-dispatcher.ts';
import type { Job, JobReport } from '../job-runner.ts';

/** node-cron's seconds field takes steps below a minute; slower polls run every whole minute. */
export function everySeconds(seconds: number): string {
  return seconds < 60 ? `*/${seconds} * * * * *` : `0 */${Math.max(1, Math.round(seconds / 60))} * * * *`;
}

const nothing: DispatchReport = { sent: 0, retrying: 0, failed: 0 };

export class OutboxDispatchJob implements Job {
  readonly name = 'outbox-dispatch';
  readonly schedules: readonly string[];

  constructor(
    private readonly email: EmailOutboxDispatcher | null,
    private readonly sms: SmsOutboxDispatcher | null,
    pollSeconds: number,
  ) {
    this.schedules = [everySeconds(pollSeconds)];
  }

  async run(): Promise<JobReport> {
    const email = this.email ? await this.email.dispatchDue() : nothing;
    const sms = this.sms ? await this.sms.dispatchDue() : nothing;
    return {
      emailSent: email.sent,
      emailRetrying: email.retrying,
      emailFailed: email.failed,
      smsSent: sms.sent,
      smsRetrying: sms.retrying,
      smsFailed: sms.failed,
    };
  }
}
