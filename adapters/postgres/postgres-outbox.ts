/**
 * The outbox table: use cases enqueue in their transaction; dispatchers claim and deliver.
 *
 * Guarantees
 * - `claimDue` hands a due message to one dispatcher only: rows are picked with
 *   FOR UPDATE SKIP LOCKED and leased (next_attempt_at moved past the lease) in one statement,
 *   so replicas never claim the same message, and a dispatcher that dies mid-send releases it
 *   when the lease runs out.
 * - A message is `sent` once, `failed` after its last allowed attempt, `pending` in between.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import type { Outbox, OutboxChannel, OutgoingMessage } from '../../core/notifications/outbox.ts';
import { OutboxMessage } from './outbox-schema.ts';

export interface ClaimedMessage {
  id: string;
  recipient: string;
  subject: string | null;
  body: string;
  /** Attempts made so far, this one included. */
  attempts: number;
}

export class PostgresOutbox implements Outbox {
  constructor(
    private readonly em: EntityManager,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async enqueue(message: OutgoingMessage): Promise<void> {
    await this.em.insert(new OutboxMessage({ ...message, id: this.ids.newId(), createdAt: this.clock.now() }));
  }

  list(options: { channel?: OutboxChannel; limit: number }): Promise<OutboxMessage[]> {
    const where = options.channel ? { channel: options.channel } : {};
    return this.em.find(OutboxMessage, where, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: options.limit });
  }

  findById(id: string): Promise<OutboxMessage | null> {
    return this.em.findOne(OutboxMessage, { id });
  }

  claimDue(channel: OutboxChannel, limit: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
    const now = this.clock.now();
    return this.em.execute<ClaimedMessage[]>(
      `update outbox_messages set attempts = attempts + 1, next_attempt_at = ?
       where id in (
         select id from outbox_messages
         where status = 'pending' and channel = ? and next_attempt_at <= ?
         order by next_attempt_at, created_at limit ? for update skip locked)
       returning id, recipient, subject, body, attempts`,
      [new Date(now.getTime() + leaseSeconds * 1000), channel, now, limit],
    );
  }

  async markSent(id: string, providerMessageId: string): Promise<void> {
    await this.em.nativeUpdate(OutboxMessage, { id }, { status: 'sent', sentAt: this.clock.now(), providerMessageId, lastError: null });
  }

  /** `retryAt` null: no attempt left, the message is `failed`. */
  async markFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
    const lastError = error.slice(0, 2000);
    if (retryAt) await this.em.nativeUpdate(OutboxMessage, { id }, { lastError, nextAttemptAt: retryAt });
    else await this.em.nativeUpdate(OutboxMessage, { id }, { lastError, status: 'failed' });
  }
}
