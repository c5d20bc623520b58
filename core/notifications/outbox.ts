/**
 * Outbox: where use cases leave the messages (e-mail, SMS) their change must cause.
 *
 * Guarantees
 * - `enqueue` writes in the caller's unit of work: the message exists if and only if the business
 *   change committed. Senders (the outbox dispatchers) deliver from the outbox afterwards, so a
 *   crash neither loses a message nor sends one for a change that rolled back.
 */
export type OutboxChannel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: OutboxChannel;
  /** An e-mail address for 'email', an E.164 number for 'sms'. */
  recipient: string;
  /** E-mail only; null for SMS. */
  subject: string | null;
  body: string;
}

export interface Outbox {
  enqueue(message: OutgoingMessage): Promise<void>;
}
