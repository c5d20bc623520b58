/**
 * The outbox's messages, newest first, optionally of one channel, each with its body as it is (or
 * was) delivered: the admin's `outbox list` and the choice of `outbox show` (cli/program.ts).
 *
 * Guarantees
 * - Reads only, at most `limit` messages.
 * - A sealed link is opened into its place (OutboxReader.reveal); a body sealed under another key
 *   comes as `opened: false` with the body as stored, never an error.
 */
import { openedBody, type OpenedOutboxMessage } from './opened-outbox-message.ts';
import type { OutboxChannel, OutboxReader } from './outbox.ts';

export class ListOutboxMessages {
  constructor(private readonly deps: { outbox: OutboxReader }) {}

  async execute(input: { channel?: OutboxChannel; limit: number }): Promise<OpenedOutboxMessage[]> {
    const found = await this.deps.outbox.list(input);
    return found.map((message) => openedBody(this.deps.outbox, message));
  }
}
