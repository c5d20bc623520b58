import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DirectUnitOfWork, FixedClock } from '../shared/shared.fixtures.ts';
import { backoffSeconds, DeliverDueEmails, DeliverDueSms } from './deliver-due-messages.ts';
import type { EmailMessage } from './mail-transport.ts';
import { InMemoryOutboxQueue, InMemorySmsDeliveries } from './outbox.fixtures.ts';
import type { SmsMessage } from './sms-sender.ts';

const NOW = new Date('2026-11-23T08:00:00Z');
const seconds = (n: number) => new Date(NOW.getTime() + n * 1000);

/** A provider that accepts, or throws what it is told to for the next sends. */
class ScriptedProvider<M> {
  readonly sent: M[] = [];
  readonly failures: unknown[] = [];
  async send(message: M): Promise<{ providerMessageId: string }> {
    if (this.failures.length > 0) throw this.failures.shift();
    this.sent.push(message);
    return { providerMessageId: `prov-${this.sent.length}` };
  }
}

function emailWorld() {
  const clock = new FixedClock(NOW);
  const outbox = new InMemoryOutboxQueue(clock);
  const transport = new ScriptedProvider<EmailMessage>();
  return { clock, outbox, transport, deliver: new DeliverDueEmails({ outbox, transport, clock }) };
}

function smsWorld() {
  const clock = new FixedClock(NOW);
  const outbox = new InMemoryOutboxQueue(clock);
  const sender = new ScriptedProvider<SmsMessage>();
  const deliveries = new InMemorySmsDeliveries();
  const uow = new DirectUnitOfWork();
  return { clock, outbox, sender, deliveries, uow, deliver: new DeliverDueSms({ outbox, sender, deliveries, uow, clock }) };
}

describe('backoffSeconds', () => {
  it('doubles from 30 s and is capped at an hour', () => {
    expect([1, 2, 3, 4, 8, 9, 20].map((n) => backoffSeconds(n))).toEqual([30, 60, 120, 240, 3600, 3600, 3600]);
    expect(backoffSeconds(0)).toBe(30);
  });

  it('property: never shrinks with more attempts, never exceeds an hour, never below the base', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (attempts) => {
        const wait = backoffSeconds(attempts);
        return wait >= 30 && wait <= 3600 && backoffSeconds(attempts + 1) >= wait;
      }),
    );
  });
});

describe('DeliverDueEmails', () => {
  it('sends each due e-mail once and marks it sent with the provider’s id; a sent one is never claimed again', async () => {
    const { outbox, transport, deliver } = emailWorld();
    outbox.add({ channel: 'email', recipient: 'ada@example.rw', subject: 'Welcome', body: 'Hello' });
    outbox.add({ channel: 'sms', recipient: '+250788000001', subject: null, body: 'Not for the mail' });
    expect(await deliver.execute()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(transport.sent).toEqual([{ to: 'ada@example.rw', subject: 'Welcome', text: 'Hello' }]);
    expect(outbox.messages[0]).toMatchObject({ status: 'sent', providerMessageId: 'prov-1' });
    expect(await deliver.execute()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(transport.sent).toHaveLength(1);
  });

  it('retries a failed send after the backoff, and gives up after eight attempts', async () => {
    const { clock, outbox, transport, deliver } = emailWorld();
    const message = outbox.add({ channel: 'email', recipient: 'ada@example.rw', subject: null, body: 'Hello' });
    transport.failures.push(...Array.from({ length: 8 }, () => new Error('SMTP 451')));
    expect(await deliver.execute()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(message).toMatchObject({ status: 'pending', lastError: 'SMTP 451', dueAt: seconds(30) });
    // Not before its time.
    expect(await deliver.execute()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    for (let attempt = 2; attempt <= 8; attempt++) {
      clock.set(message.dueAt);
      expect(await deliver.execute()).toEqual(attempt < 8 ? { sent: 0, retrying: 1, failed: 0 } : { sent: 0, retrying: 0, failed: 1 });
    }
    expect(message).toMatchObject({ status: 'failed', attempts: 8 });
    expect(transport.sent).toEqual([]);
  });

  it('sends an empty subject when the message has none, and records a thrown non-error as its text', async () => {
    const { outbox, transport, deliver } = emailWorld();
    const message = outbox.add({ channel: 'email', recipient: 'ada@example.rw', subject: null, body: 'Hello' });
    transport.failures.push('connection reset');
    await deliver.execute();
    expect(message.lastError).toBe('connection reset');
    outbox.add({ channel: 'email', recipient: 'bea@example.rw', subject: null, body: 'Hi' });
    await deliver.execute();
    expect(transport.sent).toEqual([{ to: 'bea@example.rw', subject: '', text: 'Hi' }]);
  });
});

describe('DeliverDueSms', () => {
  it('sends each due SMS once, recording its delivery and marking it sent together', async () => {
    const { outbox, sender, deliveries, uow, deliver } = smsWorld();
    outbox.add({ channel: 'sms', recipient: '+250788000001', subject: null, body: 'Ikimina: payment received' });
    expect(await deliver.execute()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sender.sent).toEqual([{ to: '+250788000001', message: 'Ikimina: payment received' }]);
    expect(deliveries.sent.get('prov-1')).toEqual({ outboxMessageId: 'msg-1', sentAt: NOW });
    expect(outbox.messages[0]).toMatchObject({ status: 'sent', providerMessageId: 'prov-1' });
    expect(uow.runs).toBe(1);
    expect(await deliver.execute()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('fails at once a number the gateway refuses for good; retries what may pass later', async () => {
    const { outbox, sender, deliveries, deliver } = smsWorld();
    const invalid = outbox.add({ channel: 'sms', recipient: '+250700000000', subject: null, body: 'x' });
    const busy = outbox.add({ channel: 'sms', recipient: '+250788000002', subject: null, body: 'y' });
    sender.failures.push(Object.assign(new Error('InvalidPhoneNumber'), { retryable: false }), Object.assign(new Error('Gateway busy'), { retryable: true }));
    expect(await deliver.execute()).toEqual({ sent: 0, retrying: 1, failed: 1 });
    expect(invalid).toMatchObject({ status: 'failed', lastError: 'InvalidPhoneNumber' });
    expect(busy).toMatchObject({ status: 'pending', dueAt: seconds(30) });
    expect(deliveries.sent.size).toBe(0);
  });
});
