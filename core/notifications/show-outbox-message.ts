/**
 * One outbox message with its body as it is (or was) delivered: the admin's `outbox show <id>`
 * (cli/program.ts).
 *
 * Guarantees
 * - Reads only; an unknown id answers null.
 * - A sealed link is opened into its place; a body sealed under another key comes as
 *   `opened: false` with the body as stored, never an error.
 */
import { openedBody, type OpenedOutboxMessage } from './opened-outbox-message.ts';
import type { OutboxReader } from './outbox.ts';

export class ShowOutboxMessage {
  constructor(private readonly deps: { outbox: OutboxReader }) {}

  async execute(input: { id: string }): Promise<OpenedOutboxMessage | null> {
    const message = await this.deps.outbox.findById(input.id);
    return message ? openedBody(this.deps.outbox, message) : null;
  }
}
