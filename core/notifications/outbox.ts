/**
 * Outbox: where use cases leave the messages (e-mail, SMS) their change must cause.
 *
 * Guarantees
 * - `enqueue` writes in the caller's unit of work: the message exists if and only if the business
 *   change committed. Senders (the outbox dispatchers) deliver from the outbox afterwards, so a
 *   crash neither loses a message nor sends one for a change that rolled back.
 * - A message's `secret` (a one-time sign-in or reset link) is never stored in clear: the body
 *   holds SECRET_PLACE where the secret goes, and the outbox keeps the secret sealed apart, opens
 *   it only to deliver the message or to show it to an administrator, and drops it once the
 *   message is delivered or has failed for good.
 */
export type OutboxChannel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: OutboxChannel;
  /** An e-mail address for 'email', an E.164 number for 'sms'. */
  recipient: string;
  /** E-mail only; null for SMS. */
  subject: string | null;
  /** With `secret`: contains SECRET_PLACE once, where the secret is shown. */
  body: string;
  secret?: string;
}

/** Stands in a stored body for its sealed secret. */
export const SECRET_PLACE = '[one-time link: sealed until delivery]';

/** The body as it is delivered: the secret in its place. */
export function withSecret(body: string, secret: string): string {
  return body.replace(SECRET_PLACE, () => secret);
}

export interface Outbox {
  enqueue(message: OutgoingMessage): Promise<void>;
}

/** A message as the outbox keeps it: the body with SECRET_PLACE, its secret sealed apart. */
export interface StoredOutboxMessage {
  readonly id: string;
  readonly channel: OutboxChannel;
  readonly recipient: string;
  readonly subject: string | null;
  readonly body: string;
  readonly sealedSecret: string | null;
  readonly status: 'pending' | 'sent' | 'failed';
  readonly attempts: number;
  readonly lastError: string | null;
  readonly createdAt: Date;
  readonly sentAt: Date | null;
}

/** The outbox as an administrator reads it (`outbox list`, `outbox show`). */
export interface OutboxReader {
  /** Newest first. */
  list(options: { channel?: OutboxChannel; limit: number }): Promise<StoredOutboxMessage[]>;
  findById(id: string): Promise<StoredOutboxMessage | null>;
  /** The body as it is (or was) delivered: the sealed secret opened into its place; throws when it was sealed under another key. */
  reveal(message: Pick<StoredOutboxMessage, 'id' | 'body' | 'sealedSecret'>): string;
}

/** A message claimed for delivery: its body as delivered (a sealed secret opened into its place). */
export interface ClaimedMessage {
  id: string;
  recipient: string;
  subject: string | null;
  body: string;
  /** Attempts made so far, this one included. */
  attempts: number;
}

/** The outbox as its dispatchers use it. */
export interface OutboxQueue {
  /** Up to `limit` messages due on `channel`, leased to this caller for `leaseSeconds`. */
  claimDue(channel: OutboxChannel, limit: number, leaseSeconds: number): Promise<ClaimedMessage[]>;
  markSent(id: string, providerMessageId: string): Promise<void>;
  /** `retryAt` null: failed for good. */
  markFailed(id: string, error: string, retryAt: Date | null): Promise<void>;
}
