import { describe, expect, it } from 'vitest';
import { ListOutboxMessages } from './list-outbox-messages.ts';
import type { OutboxReader, StoredOutboxMessage } from './outbox.ts';
import { ShowOutboxMessage } from './show-outbox-message.ts';

const message = (id: string, sealedSecret: string | null): StoredOutboxMessage => ({
  id,
  channel: 'email',
  recipient: 'a@ikimina.rw',
  subject: 'Sign in',
  body: 'Open {link}',
  sealedSecret,
  status: 'pending',
  attempts: 0,
  lastError: null,
  createdAt: new Date('2026-11-28T10:00:00Z'),
  sentAt: null,
});

/** Opens the secrets sealed under 'this-key'; any other seal cannot be opened. */
const outbox: OutboxReader = {
  list: async () => [message('m-1', 'this-key'), message('m-2', 'other-key')],
  findById: async (id) => (id === 'm-2' ? message('m-2', 'other-key') : null),
  reveal: (m) => {
    if (m.sealedSecret !== 'this-key') throw new Error('sealed under another key');
    return m.body.replace('{link}', 'https://ikimina.rw/s/secret');
  },
};

describe('the outbox as the admin reads it', () => {
  it('opens each sealed link it can, and says which it cannot, never failing', async () => {
    const listed = await new ListOutboxMessages({ outbox }).execute({ limit: 20 });
    expect(listed.map(({ message: m, body, opened }) => [m.id, body, opened])).toEqual([
      ['m-1', 'Open https://ikimina.rw/s/secret', true],
      ['m-2', 'Open {link}', false],
    ]);
  });

  it('shows one message by id, null for an unknown one', async () => {
    const show = new ShowOutboxMessage({ outbox });
    expect((await show.execute({ id: 'm-2' }))?.opened).toBe(false);
    expect(await show.execute({ id: 'nope' })).toBeNull();
  });
});
