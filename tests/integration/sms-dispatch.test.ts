/**
 * SMS from the outbox to Africa's Talking (the local fake speaking its protocol), through the
 * scheduler's `outbox-dispatch` job, and AT's delivery reports back to the app over HTTP, at the
 * URL with the callback secret (required once AT is configured); forged reports change nothing.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestContext } from '@mikro-orm/core';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_REPORTS_PATH } from '../../apps/http/sms-routes.ts';
import { JobRunner } from '../../apps/scheduler/job-runner.ts';
import { TOKENS } from '../../apps/tokens.ts';
import { buildContainer } from '../../apps/container.ts';
import { startFakeAfricasTalking, type FakeAfricasTalking } from '../fakes/africastalking-server.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { createTestApp, testConfig, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let at: FakeAfricasTalking;
let t: TestApp;
let server: Server;
let appUrl: string;
const clock = new FakeClock(new Date('2026-05-04T07:00:00Z'));
const MINUTE = 60_000;
const SECRET = randomBytes(32).toString('base64url');
/** Where the gateway posts reports: the path with the secret. */
const REPORTS = `${DELIVERY_REPORTS_PATH}/${SECRET}`;

beforeAll(async () => {
  db = await createTestDatabase();
  at = await startFakeAfricasTalking();
  t = createTestApp(db, {
    clock,
    env: { AFRICASTALKING_USERNAME: at.username, AFRICASTALKING_API_KEY: at.apiKey, AFRICASTALKING_BASE_URL: at.url, AFRICASTALKING_CALLBACK_SECRET: SECRET },
  });
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await at?.stop();
  await db?.drop();
});

async function enqueueSms(to: string, body: string): Promise<string> {
  await RequestContext.create(db.orm.em, () => t.container.get(TOKENS.Outbox).enqueue({ channel: 'sms', recipient: to, subject: null, body }));
  const rows = await db.orm.em.fork().execute<{ id: string }[]>('select id from outbox_messages where recipient = ? order by created_at desc limit 1', [to]);
  return rows[0]!.id;
}

interface Row {
  status: string;
  attempts: number;
  provider_message_id: string | null;
  last_error: string | null;
  next_attempt_at: string;
}
async function message(id: string): Promise<Row> {
  const rows = await db.orm.em
    .fork()
    .execute<Row[]>('select status, attempts, provider_message_id, last_error, next_attempt_at from outbox_messages where id = ?', [id]);
  return rows[0]!;
}

async function delivery(id: string) {
  const rows = await db.orm.em
    .fork()
    .execute<{ provider_message_id: string; status: string; final: boolean; delivered: boolean; failure_reason: string | null }[]>(
      'select provider_message_id, status, final, delivered, failure_reason from sms_deliveries where outbox_message_id = ?',
      [id],
    );
  return rows[0];
}

const sentTo = (to: string) => at.messages.filter((m) => m.to === to);
const dispatch = () => t.container.get(JobRunner).runOnce('outbox-dispatch');

describe('SMS outbox dispatch through Africa\'s Talking', () => {
  it('sends a due SMS once, marks it sent with AT\'s message id and records the delivery', async () => {
    const id = await enqueueSms('+250788100001', 'Muraho! Your contribution is due in 3 days.');
    const run = await dispatch();
    expect(run).toMatchObject({ outcome: 'ran', report: { smsSent: 1, smsFailed: 0, smsRetrying: 0 } });
    const [sent] = sentTo('+250788100001');
    expect(sent).toMatchObject({ message: 'Muraho! Your contribution is due in 3 days.' });
    expect(await message(id)).toMatchObject({ status: 'sent', attempts: 1, provider_message_id: sent!.messageId });
    expect(await delivery(id)).toMatchObject({ provider_message_id: sent!.messageId, status: 'Sent', final: false, delivered: false });
  });

  it('never sends a message twice once it is marked sent, however late the next runs come', async () => {
    const id = await enqueueSms('+250788100002', 'once');
    await dispatch();
    clock.advance(24 * 60 * MINUTE);
    await dispatch();
    await dispatch();
    expect(sentTo('+250788100002')).toHaveLength(1);
    expect((await message(id)).status).toBe('sent');
  });

  it('marks a message to a number AT refuses as failed at once, without retrying', async () => {
    at.rejectNumber('+250788100003');
    const id = await enqueueSms('+250788100003', 'refused');
    const before = at.requests;
    const run = await dispatch();
    expect(run).toMatchObject({ outcome: 'ran', report: { smsFailed: 1, smsSent: 0 } });
    expect(await message(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await message(id)).last_error).toContain('InvalidPhoneNumber');
    clock.advance(2 * 60 * MINUTE);
    await dispatch();
    expect(at.requests).toBe(before + 1);
  });

  it('retries after a 500 from AT, later, with backoff', async () => {
    const id = await enqueueSms('+250788100004', 'retry me');
    at.failNext(500);
    const first = await dispatch();
    expect(first).toMatchObject({ outcome: 'ran', report: { smsRetrying: 1, smsSent: 0 } });
    const failed = await message(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.last_error).toContain('500');
    expect(new Date(failed.next_attempt_at).getTime()).toBe(clock.now().getTime() + 30_000);

    await dispatch();
    expect(sentTo('+250788100004')).toHaveLength(0);
    clock.advance(31_000);
    await dispatch();
    expect(sentTo('+250788100004')).toHaveLength(1);
    expect(await message(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('loses nothing when a dispatcher dies between claim and send: the message is sent after its lease', async () => {
    const id = await enqueueSms('+250788100005', 'survives a crash');
    // A dispatcher claims the message, then its process dies before sending.
    const claimed = await RequestContext.create(db.orm.em, () => t.container.get(TOKENS.OutboxQueue).claimDue('sms', 50, 300));
    expect(claimed.map((m) => m.id)).toContain(id);
    await dispatch();
    expect(sentTo('+250788100005')).toHaveLength(0);
    clock.advance(301_000);
    await dispatch();
    await dispatch();
    expect(sentTo('+250788100005')).toHaveLength(1);
    expect(await message(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends each message once when two replicas dispatch at the same moment', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => enqueueSms(`+25078820000${i}`, `parallel ${i}`)));
    const other = buildContainer({ config: t.config, orm: db.orm, logger: pino({ level: 'silent' }), clock, singleSignOn: null, mailTransport: null });
    await Promise.all([dispatch(), other.get(JobRunner).runOnce('outbox-dispatch'), dispatch()]);
    await dispatch();
    for (const [i, id] of ids.entries()) {
      expect(sentTo(`+25078820000${i}`)).toHaveLength(1);
      expect((await message(id)).status).toBe('sent');
    }
  });
});

describe('delivery reports (POST /api/sms/delivery-reports/<secret>)', () => {
  it('stores AT\'s report against the message it names; a late non-final report changes nothing', async () => {
    const id = await enqueueSms('+250788100006', 'report me');
    await dispatch();
    const [sent] = sentTo('+250788100006');
    const url = `${appUrl}${REPORTS}`;
    expect(await at.postDeliveryReport(url, { id: sent!.messageId, status: 'Failed', phoneNumber: sent!.to, networkCode: '63510', failureReason: 'UserIsInactive' })).toBe(200);
    expect(await delivery(id)).toMatchObject({ status: 'Failed', final: true, delivered: false, failure_reason: 'UserIsInactive' });
    expect(await at.postDeliveryReport(url, { id: sent!.messageId, status: 'Buffered', phoneNumber: sent!.to })).toBe(200);
    expect(await delivery(id)).toMatchObject({ status: 'Failed', final: true });
  });

  it('records a successful delivery', async () => {
    const id = await enqueueSms('+250788100007', 'delivered');
    await dispatch();
    const [sent] = sentTo('+250788100007');
    const res = await request(t.handler)
      .post(REPORTS)
      .type('form')
      .send({ id: sent!.messageId, status: 'Success', phoneNumber: sent!.to, networkCode: '63510' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'stored', messageId: id });
    expect(await delivery(id)).toMatchObject({ status: 'Success', final: true, delivered: true });
  });

  it('answers a report for an unknown message with 200 ignored, and refuses unreadable ones', async () => {
    const unknown = await request(t.handler).post(REPORTS).type('form').send({ id: 'ATXid_unknown', status: 'Success', phoneNumber: '+250788100099' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ status: 'ignored' });
    const missing = await request(t.handler).post(REPORTS).type('form').send({ status: 'Success' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation_failed');
    const json = await request(t.handler).post(REPORTS).send({ id: 'x', status: 'Success', phoneNumber: '+250788100099' });
    expect(json.status).toBe(415);
  });
});

describe('forged delivery reports change nothing', () => {
  async function deliveredSms(to: string): Promise<{ id: string; messageId: string }> {
    const id = await enqueueSms(to, 'forge me');
    await dispatch();
    const [sent] = sentTo(to);
    expect((await request(t.handler).post(REPORTS).type('form').send({ id: sent!.messageId, status: 'Success', phoneNumber: to })).status).toBe(200);
    return { id, messageId: sent!.messageId };
  }

  it('a report without the secret, with a wrong one or at the plain path answers 404, before its body is read', async () => {
    const id = await enqueueSms('+250788100010', 'not yet reported');
    await dispatch();
    const [sent] = sentTo('+250788100010');
    const forged = { id: sent!.messageId, status: 'Failed', phoneNumber: sent!.to, failureReason: 'UserIsInactive' };
    const wrong = randomBytes(32).toString('base64url');
    for (const path of [DELIVERY_REPORTS_PATH, `${DELIVERY_REPORTS_PATH}/${wrong}`, `${DELIVERY_REPORTS_PATH}/${SECRET.slice(0, -1)}`, `${DELIVERY_REPORTS_PATH}/${SECRET}x`, `${DELIVERY_REPORTS_PATH}/x`]) {
      const res = await request(t.handler).post(path).type('form').send(forged);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: 'Not found.', code: 'not_found' });
    }
    expect(await delivery(id)).toMatchObject({ status: 'Sent', final: false });
  });

  it('a forged "Failed" after "Success" leaves "Success", and so does any later report', async () => {
    const { id, messageId } = await deliveredSms('+250788100011');
    for (const status of ['Failed', 'Rejected', 'Buffered', 'Sent', 'Success']) {
      const res = await request(t.handler).post(REPORTS).type('form').send({ id: messageId, status, phoneNumber: '+250788100011', failureReason: 'DeliveryFailure' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'unchanged', messageId: id });
    }
    expect(await delivery(id)).toMatchObject({ status: 'Success', final: true, delivered: true, failure_reason: null });
  });

  it('answers 400 for a NUL byte or another control character in any field and for a networkCode beyond 16 characters, and stores nothing', async () => {
    const id = await enqueueSms('+250788100012', 'bad reports');
    await dispatch();
    const [sent] = sentTo('+250788100012');
    const good = { id: sent!.messageId, status: 'Failed', phoneNumber: sent!.to, networkCode: '63510', failureReason: 'DeliveryFailure' };
    const bad = [
      { ...good, id: `${sent!.messageId}\u0000` },
      { ...good, failureReason: 'Delivery\u0000Failure' },
      { ...good, failureReason: 'line\nbreak' },
      { ...good, status: 'Fail\u0000ed' },
      { ...good, phoneNumber: `${sent!.to}\u0000` },
      { ...good, networkCode: '\u0000' },
      { ...good, networkCode: '1'.repeat(17) },
      { ...good, networkCode: '6'.repeat(5_000) },
      { ...good, failureReason: 'x'.repeat(256) },
      { ...good, id: 'x'.repeat(256) },
    ];
    for (const report of bad) {
      const res = await request(t.handler).post(REPORTS).type('form').send(report);
      expect(res.status, JSON.stringify(report).slice(0, 80)).toBe(400);
      // A NUL is refused at the edge for every route; the rest by the report's own schema.
      expect(res.body.code).toBe(Object.values(report).some((v) => v.includes('\u0000')) ? 'invalid_characters' : 'validation_failed');
    }
    expect(await delivery(id)).toMatchObject({ status: 'Sent', final: false, failure_reason: null });
    // The same report, readable, is stored: the refusals were about the fields alone.
    expect((await request(t.handler).post(REPORTS).type('form').send({ ...good, networkCode: '6'.repeat(16) })).body).toEqual({ status: 'stored', messageId: id });
  });

  it('refuses a report from a source outside AFRICASTALKING_ALLOWED_SOURCES with 403, and takes it from one inside', async () => {
    const { id, messageId } = await (async () => {
      const queued = await enqueueSms('+250788100013', 'allow list');
      await dispatch();
      return { id: queued, messageId: sentTo('+250788100013')[0]!.messageId };
    })();
    const env = { AFRICASTALKING_USERNAME: at.username, AFRICASTALKING_API_KEY: at.apiKey, AFRICASTALKING_BASE_URL: at.url, AFRICASTALKING_CALLBACK_SECRET: SECRET };
    const elsewhere = createTestApp(db, { clock, env: { ...env, AFRICASTALKING_ALLOWED_SOURCES: '203.0.113.0/24, 2001:db8::/32' } });
    const refused = await request(elsewhere.handler).post(REPORTS).type('form').send({ id: messageId, status: 'Failed', phoneNumber: '+250788100013' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'This address may not call this route.', code: 'source_not_allowed' });
    expect(await delivery(id)).toMatchObject({ status: 'Sent', final: false });
    // supertest calls from the loopback address (IPv4, maybe as ::ffff:127.0.0.1).
    const here = createTestApp(db, { clock, env: { ...env, AFRICASTALKING_ALLOWED_SOURCES: '203.0.113.7,127.0.0.0/8,::1' } });
    expect((await request(here.handler).post(REPORTS).type('form').send({ id: messageId, status: 'Success', phoneNumber: '+250788100013' })).body).toEqual({ status: 'stored', messageId: id });
  });
});

describe('without Africa\'s Talking (embedded default)', () => {
  it('keeps SMS in the outbox, pending, and dispatches none', async () => {
    const local = buildContainer({ config: testConfig(), orm: db.orm, logger: pino({ level: 'silent' }), clock, singleSignOn: null, mailTransport: null });
    expect(local.get(TOKENS.DeliverDueSms)).toBeNull();
    await RequestContext.create(db.orm.em, () => local.get(TOKENS.Outbox).enqueue({ channel: 'sms', recipient: '+250788100008', subject: null, body: 'kept' }));
    const [row] = await db.orm.em.fork().execute<{ id: string }[]>('select id from outbox_messages where recipient = ?', ['+250788100008']);
    const id = row!.id;
    const run = await local.get(JobRunner).runOnce('outbox-dispatch');
    expect(run).toMatchObject({ outcome: 'ran', report: { smsSent: 0, smsFailed: 0, smsRetrying: 0 } });
    expect(await message(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(sentTo('+250788100008')).toHaveLength(0);
  });
});
