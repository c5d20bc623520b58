/**
 * The outbox table: use cases enqueue in their transaction; dispatchers claim and deliver.
 *
 * Guarantees
 * - `claimDue` hands a due message to one dispatcher only: rows are picked with
 *   FOR UPDATE SKIP LOCKED and leased (next_attempt_at moved past the lease) in one statement,
 *   so replicas never claim the same message, and a dispatcher that dies mid-send releases it
 *   when the lease runs out.
 * - A message is `sent` once, `failed` after its last allowed attempt, `pending` in between.
 * - A message's secret is stored only sealed (OutboxSealer, AES-256-GCM, bound to the message
 *   id), never in `body`. It is opened only by `claimDue` (the dispatchers, which deliver the
 *   body with the secret in its place) and `reveal` (the admin CLI), and erased when the message
 *   is sent or has failed for good.
 * - `list` (the admin's listing) is a replica-safe read (read-replicas.ts): it may lag the primary
 *   by a second or two; `findById` and everything a dispatcher does read and write the primary.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import { withSecret, type ClaimedMessage, type Outbox, type OutboxChannel, type OutboxQueue, type OutboxReader, type OutgoingMessage } from '../../core/notifications/outbox.ts';
import type { OutboxSealer } from '../crypto/outbox-sealer.ts';
import { readFromReplica } from './read-replicas.ts';
import { OutboxMessage } from './outbox-schema.ts';

const MAX_OPEN_ATTEMPTS = 8;
const OPEN_RETRY_SECONDS = 30;


export class PostgresOutbox implements Outbox, OutboxQueue, OutboxReader {
  constructor(
    private readonly em: EntityManager,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly sealer: OutboxSealer,
  ) {}

  async enqueue(message: OutgoingMessage): Promise<void> {
    const { secret, ...rest } = message;
    const id = this.ids.newId();
    const sealedSecret = secret === undefined ? null : this.sealer.seal(secret, id);
    await this.em.insert(new OutboxMessage({ ...rest, id, sealedSecret, createdAt: this.clock.now() }));
  }

  /** The body as it will be delivered (for the admin CLI): the secret opened into its place. */
  reveal(message: Pick<OutboxMessage, 'id' | 'body' | 'sealedSecret'>): string {
    return message.sealedSecret === null ? message.body : withSecret(message.body, this.sealer.open(message.sealedSecret, message.id));
  }

  async list(options: { channel?: OutboxChannel; limit: number }): Promise<OutboxMessage[]> {
    const rows = await readFromReplica<Record<string, unknown>>(
      this.em,
      `select * from outbox_messages ${options.channel ? 'where channel = ?' : ''} order by created_at desc, id asc limit ?`,
      [...(options.channel ? [options.channel] : []), options.limit],
    );
    return rows.map((row) => this.em.map(OutboxMessage, row));
  }

  findById(id: string): Promise<OutboxMessage | null> {
    return this.em.findOne(OutboxMessage, { id });
  }

  async claimDue(channel: OutboxChannel, limit: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
    const now = this.clock.now();
    const rows = await this.em.execute<(ClaimedMessage & { sealed_secret: string | null })[]>(
      `update outbox_messages set attempts = attempts + 1, next_attempt_at = ?
       where id in (
         select id from outbox_messages
         where status = 'pending' and channel = ? and next_attempt_at <= ?
         order by next_attempt_at, created_at limit ? for update skip locked)
       returning id, recipient, subject, body, sealed_secret, attempts`,
      [new Date(now.getTime() + leaseSeconds * 1000), channel, now, limit],
    );
    const claimed: ClaimedMessage[] = [];
    for (const { sealed_secret, ...message } of rows) {
      try {
        claimed.push({ ...message, body: this.reveal({ ...message, sealedSecret: sealed_secret }) });
      } catch (error) {
        // Sealed under another key: another replica's key file (no shared OUTBOX_ENCRYPTION_KEY),
        // or a key since changed. Left for another replica a few times, then failed for good.
        const reason = `the sealed link cannot be opened with this key: ${(error as Error).message}`;
        const retryAt = message.attempts >= MAX_OPEN_ATTEMPTS ? null : new Date(now.getTime() + OPEN_RETRY_SECONDS * 1000);
        await this.markFailed(message.id, reason, retryAt);
      }
    }
    return claimed;
  }

  async markSent(id: string, providerMessageId: string): Promise<void> {
    await this.em.nativeUpdate(OutboxMessage, { id }, { status: 'sent', sentAt: this.clock.now(), providerMessageId, lastError: null, sealedSecret: null });
  }

  /** `retryAt` null: no attempt left, the message is `failed`. */
  async markFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
    const lastError = error.slice(0, 2000);
    if (retryAt) await this.em.nativeUpdate(OutboxMessage, { id }, { lastError, nextAttemptAt: retryAt });
    else await this.em.nativeUpdate(OutboxMessage, { id }, { lastError, status: 'failed', sealedSecret: null });
  }
}
