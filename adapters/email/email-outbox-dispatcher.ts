/**
 * Delivers the e-mails waiting in the outbox through the configured MailTransport.
 *
 * Guarantees
 * - Each claimed message is handed to the transport once per attempt and marked `sent` with the
 *   provider's id; several replicas never send the same message (PostgresOutbox.claimDue).
 * - A refused or failed send is retried with exponential backoff (30 s, 1 min, 2 min … capped at
 *   1 h) and marked `failed` after `maxAttempts`.
 * - With no transport configured no dispatcher runs: e-mails stay `pending` in the outbox, where
 *   the admin CLI (`outbox list`) shows them.
 */
import type { MailTransport } from '../../core/notifications/mail-transport.ts';
import type { Clock } from '../../core/shared/clock.ts';
import type { PostgresOutbox } from '../postgres/postgres-outbox.ts';

export interface DispatchReport {
  sent: number;
  retrying: number;
  failed: number;
}

export interface EmailOutboxDispatcherOptions {
  batchSize?: number;
  maxAttempts?: number;
  /** How long a claimed message is reserved for this dispatcher. */
  leaseSeconds?: number;
  baseBackoffSeconds?: number;
}

export function backoffSeconds(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), 3600);
}

export class EmailOutboxDispatcher {
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly leaseSeconds: number;
  private readonly baseBackoffSeconds: number;

  constructor(
    private readonly outbox: PostgresOutbox,
    private readonly transport: MailTransport,
    private readonly clock: Clock,
    options: EmailOutboxDispatcherOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 20;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.leaseSeconds = options.leaseSeconds ?? 300;
    this.baseBackoffSeconds = options.baseBackoffSeconds ?? 30;
  }

  async dispatchDue(): Promise<DispatchReport> {
    const report: DispatchReport = { sent: 0, retrying: 0, failed: 0 };
    const claimed = await this.outbox.claimDue('email', this.batchSize, this.leaseSeconds);
    for (const message of claimed) {
      try {
        const { providerMessageId } = await this.transport.send({ to: message.recipient, subject: message.subject ?? '', text: message.body });
        await this.outbox.markSent(message.id, providerMessageId);
        report.sent++;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const lastAttempt = message.attempts >= this.maxAttempts;
        const retryAt = lastAttempt ? null : new Date(this.clock.now().getTime() + backoffSeconds(message.attempts, this.baseBackoffSeconds) * 1000);
        await this.outbox.markFailed(message.id, reason, retryAt);
        if (lastAttempt) report.failed++;
        else report.retrying++;
      }
    }
    return report;
  }
}
