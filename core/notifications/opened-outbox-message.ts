/** An outbox message as the admin reads it: its body with the sealed link opened, when this key opens it. */
import type { OutboxReader, StoredOutboxMessage } from './outbox.ts';

export interface OpenedOutboxMessage {
  readonly message: StoredOutboxMessage;
  /** As delivered (the sealed link opened into its place); as stored when `opened` is false. */
  readonly body: string;
  /** False when the link was sealed under another key than this process's. */
  readonly opened: boolean;
}

export function openedBody(outbox: Pick<OutboxReader, 'reveal'>, message: StoredOutboxMessage): OpenedOutboxMessage {
  try {
    return { message, body: outbox.reveal(message), opened: true };
  } catch {
    return { message, body: message.body, opened: false };
  }
}
