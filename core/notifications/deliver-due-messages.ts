/**
 * The outbox's delivery: DeliverDueEmails hands due e-mail to the mail transport, DeliverDueSms
 * hands due SMS to the SMS gateway (Africa's Talking). With no provider configured for a channel
 * neither runs: its messages stay in the outbox, where the admin CLI (`outbox list`) shows them.
 *
 * Guarantees
 * - Each claimed message is handed to its provider once per attempt; several replicas never send
 *   the same message (OutboxQueue.claimDue leases what it answers).
 * - A message is marked `sent` with the provider's message id; an SMS also records its delivery
 *   (for the delivery reports) in the same unit of work, so a `sent` message is never claimed
 *   again, never sent twice. A dispatcher that dies between claim and send loses nothing: the
 *   message is claimable again when its lease runs out.
 * - A refused or failed send is retried with exponential backoff (30 s, 1 min, 2 min … capped at
 *   1 h) and marked `failed` after MAX_ATTEMPTS. An SMS gateway refusing the number itself (an
 *   error with `retryable` false: invalid number, blacklisted …) marks it `failed` at once.
 */
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { MailTransport } from './mail-transport.ts';
import type { ClaimedMessage, OutboxQueue } from './outbox.ts';
import type { SmsDeliveries, SmsSender } from './sms-sender.ts';

const BATCH_SIZE = 20;
const MAX_ATTEMPTS = 8;
/** How long a claimed message is reserved for this dispatcher. */
const LEASE_SECONDS = 300;
const BASE_BACKOFF_SECONDS = 30;

export interface DispatchReport {
  sent: number;
  retrying: number;
  failed: number;
}

export function backoffSeconds(attempts: number, baseSeconds = BASE_BACKOFF_SECONDS): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Errors that say whether a retry could help (the SMS gateway's); others are retried. */
function isRetryable(error: unknown): boolean {
  const retryable = (error as { retryable?: unknown } | null)?.retryable;
  return typeof retryable === 'boolean' ? retryable : true;
}

/** Records a failed attempt: retried later, or failed for good; counted in `report`. */
async function recordFailure(outbox: OutboxQueue, clock: Clock, message: ClaimedMessage, error: unknown, report: DispatchReport): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  const lastAttempt = !isRetryable(error) || message.attempts >= MAX_ATTEMPTS;
  const retryAt = lastAttempt ? null : new Date(clock.now().getTime() + backoffSeconds(message.attempts) * 1000);
  await outbox.markFailed(message.id, reason, retryAt);
  report[lastAttempt ? 'failed' : 'retrying']++;
}

export interface DeliverDueEmailsDeps {
  outbox: OutboxQueue;
  transport: MailTransport;
  clock: Clock;
}

export class DeliverDueEmails {
  constructor(private readonly deps: DeliverDueEmailsDeps) {}

  async execute(): Promise<DispatchReport> {
    const { outbox, transport, clock } = this.deps;
    const report: DispatchReport = { sent: 0, retrying: 0, failed: 0 };
    for (const message of await outbox.claimDue('email', BATCH_SIZE, LEASE_SECONDS)) {
      try {
        const { providerMessageId } = await transport.send({ to: message.recipient, subject: message.subject ?? '', text: message.body });
        await outbox.markSent(message.id, providerMessageId);
        report.sent++;
      } catch (error) {
        await recordFailure(outbox, clock, message, error, report);
      }
    }
    return report;
  }
}

export interface DeliverDueSmsDeps {
  outbox: OutboxQueue;
  deliveries: Pick<SmsDeliveries, 'recordSent'>;
  sender: SmsSender;
  uow: UnitOfWork;
  clock: Clock;
}

export class DeliverDueSms {
  constructor(private readonly deps: DeliverDueSmsDeps) {}

  async execute(): Promise<DispatchReport> {
    const { outbox, deliveries, sender, uow, clock } = this.deps;
    const report: DispatchReport = { sent: 0, retrying: 0, failed: 0 };
    for (const message of await outbox.claimDue('sms', BATCH_SIZE, LEASE_SECONDS)) {
      let providerMessageId: string;
      try {
        ({ providerMessageId } = await sender.send({ to: message.recipient, message: message.body }));
      } catch (error) {
        await recordFailure(outbox, clock, message, error, report);
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
