import { RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage, MailTransport } from '../../core/notifications/mail-transport.ts';
import { TOKENS } from '../../apps/container.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { linkTokenIn, mailsTo } from '../support/outbox-mail.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
const clock = new FakeClock(new Date('2026-03-02T08:00:00Z'));

/** A mail service that refuses the first send to each address in `refuseOnce`, then accepts. */
class FlakyTransport implements MailTransport {
  sent: EmailMessage[] = [];
  constructor(private readonly refuseOnce: Set<string>) {}
  async send(message: EmailMessage) {
    if (this.refuseOnce.delete(message.to)) throw new Error('421 service not available');
    this.sent.push(message);
    return { providerMessageId: `msg-${this.sent.length}` };
  }
}
const transport = new FlakyTransport(new Set(['mailme@example.rw']));

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db, { clock, mailTransport: transport });
});
afterAll(async () => {
  await db?.drop();
});

async function register(email: string) {
  const res = await request(t.handler).post('/api/auth/register').send({ email, password: 'long enough', firstName: 'Aline', lastName: 'Keza' });
  expect(res.status).toBe(201);
}

const outboxFor = (recipient: string) => mailsTo(db, t, recipient);
const linkTokenOf = (body: string) => linkTokenIn(body, TEST_BASE_URL, '/auth/magic-link');

const ask = (email: string) => request(t.handler).post('/api/auth/magic-link').send({ email });
const redeem = (token: string) => request(t.handler).post('/api/auth/magic-link/redeem').send({ token });

describe('sign-in links', () => {
  it('answers the same with and without an account, and only mails an existing account', async () => {
    await register('keza@example.rw');
    const known = await ask(' Keza@Example.rw ');
    const unknown = await ask('ghost@example.rw');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: 'If an account exists for this email, a sign-in link is on its way.' });
    expect(await outboxFor('ghost@example.rw')).toEqual([]);
    const [mail] = await outboxFor('keza@example.rw');
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your Ikimina sign-in link', status: 'pending' });
    // The link is built from PUBLIC_BASE_URL, whatever Host the request came with.
    expect(mail?.body).toContain(`${TEST_BASE_URL}/auth/magic-link#token=`);
    // ... and kept sealed in the table: the stored body holds no token.
    expect(mail?.stored).not.toContain('#token=');
    expect(mail?.sealedSecret).toMatch(/^v1\./);
  });

  it('signs in once with a working link; the second use is refused', async () => {
    await register('once@example.rw');
    await request(t.handler).post('/api/auth/magic-link').set('Host', 'evil.example').send({ email: 'once@example.rw' });
    const [mail] = await outboxFor('once@example.rw');
    const token = linkTokenOf(mail?.body ?? '');
    const first = await redeem(token);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email: 'once@example.rw', emailVerified: true });
    expect((await request(t.handler).get('/api/user').set('Authorization', `Bearer ${first.body.token}`)).status).toBe(200);
    const second = await redeem(token);
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ error: 'This sign-in link is invalid or has expired.', code: 'invalid_or_expired_link' });
  });

  it('lets exactly one of two concurrent redemptions through', async () => {
    await register('race@example.rw');
    await ask('race@example.rw');
    const token = linkTokenOf((await outboxFor('race@example.rw'))[0]?.body ?? '');
    const results = await Promise.all([redeem(token), redeem(token), redeem(token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('expires after 15 minutes', async () => {
    await register('late@example.rw');
    await ask('late@example.rw');
    const token = linkTokenOf((await outboxFor('late@example.rw'))[0]?.body ?? '');
    clock.advance(15 * 60_000 + 1000);
    expect((await redeem(token)).body.code).toBe('invalid_or_expired_link');
  });

  it('uses up the other outstanding links of the member when one is redeemed', async () => {
    await register('two@example.rw');
    await ask('two@example.rw');
    await ask('two@example.rw');
    const [older, newer] = await outboxFor('two@example.rw');
    expect((await redeem(linkTokenOf(newer?.body ?? ''))).status).toBe(200);
    expect((await redeem(linkTokenOf(older?.body ?? ''))).status).toBe(400);
  });

  it('refuses unknown and malformed tokens', async () => {
    expect((await redeem('A'.repeat(43))).body.code).toBe('invalid_or_expired_link');
    expect((await request(t.handler).post('/api/auth/magic-link/redeem').send({})).body.code).toBe('validation_failed');
  });
});

describe('e-mail outbox dispatcher', () => {
  it('delivers pending mail through the transport, retrying a refused send with backoff', async () => {
    await register('mailme@example.rw');
    await ask('mailme@example.rw');
    const dispatcher = t.container.get(TOKENS.DeliverDueEmails);
    if (!dispatcher) throw new Error('a transport is configured, so a dispatcher must be bound');
    const run = () => RequestContext.create(db.orm.em, () => dispatcher.execute());

    const firstRound = await run();
    expect(firstRound.retrying).toBeGreaterThanOrEqual(1);
    const stillPending = (await outboxFor('mailme@example.rw'))[0];
    expect(stillPending).toMatchObject({ status: 'pending', attempts: 1 });
    // Not due again before its backoff.
    await run();
    expect((await outboxFor('mailme@example.rw'))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    clock.advance(60_000);
    await run();
    const delivered = (await outboxFor('mailme@example.rw'))[0];
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2 });
    const sent = transport.sent.find((m) => m.to === 'mailme@example.rw');
    expect(sent?.subject).toBe('Your Ikimina sign-in link');
    expect(sent?.text).toContain('/auth/magic-link#token=');
    // Sent once: another round sends nothing more to this address.
    await run();
    expect(transport.sent.filter((m) => m.to === 'mailme@example.rw')).toHaveLength(1);
  });
});
