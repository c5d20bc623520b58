/**
 * In-memory fakes of the outbox's delivery ports for core tests: a queue that leases what it
 * answers (as OutboxQueue.claimDue's adapter does) and the SMS deliveries store, whose final
 * reports are never overwritten.
 */
import type { Clock } from '../shared/clock.ts';
import type { ClaimedMessage, OutboxChannel, OutboxQueue, OutgoingMessage } from './outbox.ts';
import type { SmsDeliveries, SmsDeliveryReport } from './sms-sender.ts';

export interface QueuedMessage {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  /** Not claimable before then (a lease, or a retry's backoff). */
  dueAt: Date;
  lastError: string | null;
  providerMessageId: string | null;
}

export class InMemoryOutboxQueue implements OutboxQueue {
  readonly messages: QueuedMessage[] = [];
  constructor(private readonly clock: Clock) {}

  /** Stores a message due now, as Outbox.enqueue does. */
  add(message: OutgoingMessage): QueuedMessage {
    const queued: QueuedMessage = { id: `msg-${this.messages.length + 1}`, channel: message.channel, recipient: message.recipient, subject: message.subject, body: message.body, status: 'pending', attempts: 0, dueAt: this.clock.now(), lastError: null, providerMessageId: null };
    this.messages.push(queued);
    return queued;
  }

  async claimDue(channel: OutboxChannel, limit: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
    const now = this.clock.now();
    const due = this.messages.filter((m) => m.channel === channel && m.status === 'pending' && m.dueAt.getTime() <= now.getTime()).slice(0, limit);
    for (const m of due) {
      m.attempts += 1;
      m.dueAt = new Date(now.getTime() + leaseSeconds * 1000);
    }
    return due.map((m) => ({ id: m.id, recipient: m.recipient, subject: m.subject, body: m.body, attempts: m.attempts }));
  }
  async markSent(id: string, providerMessageId: string): Promise<void> {
    Object.assign(this.find(id), { status: 'sent', providerMessageId });
  }
  async markFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
    Object.assign(this.find(id), retryAt ? { lastError: error, dueAt: retryAt } : { lastError: error, status: 'failed' });
  }
  private find(id: string): QueuedMessage {
    const found = this.messages.find((m) => m.id === id);
    if (!found) throw new Error(`no outbox message ${id}`);
    return found;
  }
}

export class InMemorySmsDeliveries implements SmsDeliveries {
  readonly sent = new Map<string, { outboxMessageId: string; sentAt: Date; report?: SmsDeliveryReport; reportedAt?: Date }>();
  async recordSent(outboxMessageId: string, providerMessageId: string, at: Date): Promise<void> {
    this.sent.set(providerMessageId, { outboxMessageId, sentAt: at });
  }
  async recordReport(report: SmsDeliveryReport, at: Date): Promise<{ outboxMessageId: string; stored: boolean } | null> {
    const delivery = this.sent.get(report.providerMessageId);
    if (!delivery) return null;
    if (delivery.report?.final) return { outboxMessageId: delivery.outboxMessageId, stored: false };
    Object.assign(delivery, { report, reportedAt: at });
    return { outboxMessageId: delivery.outboxMessageId, stored: true };
  }
}
