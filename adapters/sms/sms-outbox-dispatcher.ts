/**
 * Delivers the SMS waiting in the outbox through the configured SmsSender (Africa's Talking).
 *
 * Guarantees
 * - Each claimed message is handed to the gateway once per attempt; several replicas never send
 *   the same message (PostgresOutbox.claimDue, FOR UPDATE SKIP LOCKED with a lease).
 * - A message is marked `sent` together with its provider message id (one transaction), and a
 *   `sent` message is never claimed again, so it is never sent twice. A dispatcher that dies
 *   between claim and send loses nothing: the message is claimable again when its lease runs out.
 * - A refusal of the number itself (AfricasTalkingSmsError with `retryable` false: invalid
 *   number, blacklisted …) marks the message `failed` at once; any other failure (5xx, network,
 *   timeout) is retried with exponential backoff and marked `failed` after `maxAttempts`.
 * - With no gateway configured no dispatcher runs: SMS stay in the outbox, kept locally, where
 *   the admin CLI (`outbox list`) shows them.
 */
import type { SmsSender } from '../../core/notifications/sms-sender.ts';
import type { Clock } from '../../core/shared/clock.ts';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';
import { backoffSeconds, type DispatchReport } from '../email/email-outbox-dispatcher.ts';
import type { PostgresOutbox } from '../postgres/postgres-outbox.ts';
import type { PostgresSmsDeliveries } from '../postgres/postgres-sms-deliveries.ts';

export interface SmsOutboxDispatcherOptions {
  batchSize?: number;
  maxAttempts?: number;
  /** How long a claimed message is reserved for this dispatcher. */
  leaseSeconds?: number;
  baseBackoffSeconds?: number;
}

/** Errors that say whether a retry could help (AfricasTalkingSmsError); others are retried. */
function isRetryable(error: unknown): boolean {
  const retryable = (error as { retryable?: unknown } | null)?.retryable;
  return typeof retryable === 'boolean' ? retryable : true;
}

export class SmsOutboxDispatcher {
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly leaseSeconds: number;
  private readonly baseBackoffSeconds: number;

  constructor(
    private readonly deps: {
      outbox: PostgresOutbox;
      deliveries: PostgresSmsDeliveries;
      sender: SmsSender;
      uow: UnitOfWork;
      clock: Clock;
    },
    options: SmsOutboxDispatcherOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 20;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.leaseSeconds = options.leaseSeconds ?? 300;
    this.baseBackoffSeconds = options.baseBackoffSeconds ?? 30;
  }

  async dispatchDue(): Promise<DispatchReport> {
    const { outbox, deliveries, sender, uow, clock } = this.deps;
    const report: DispatchReport = { sent: 0, retrying: 0, failed: 0 };
    const claimed = await outbox.claimDue('sms', this.batchSize, this.leaseSeconds);
    for (const message of claimed) {
      let providerMessageId: string;
      try {
        ({ providerMessageId } = await sender.send({ to: message.recipient, message: message.body }));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const lastAttempt = !isRetryable(error) || message.attempts >= this.maxAttempts;
        const retryAt = lastAttempt ? null : new Date(clock.now().getTime() + backoffSeconds(message.attempts, this.baseBackoffSeconds) * 1000);
        await outbox.markFailed(message.id, reason, retryAt);
        if (lastAttempt) report.failed++;
        else report.retrying++;
        continue;
      }
      await uow.run(async () => {
        await deliveries.recordSent(message.id, providerMessageId, clock.now());
        await outbox.markSent(message.id, providerMessageId);
      });
      report.sent++;
    }
    return report;
  }
}
