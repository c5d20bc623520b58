/**
 * SMS from the outbox to Africa's Talking (the local fake speaking its protocol), through the
 * scheduler's `outbox-dispatch` job, and AT's delivery reports back to the app over HTTP.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestContext } from '@mikro-orm/core';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresOutbox } from '../../adapters/postgres/postgres-outbox.ts';
import { DELIVERY_REPORTS_PATH } from '../../apps/http/sms-routes.ts';
import { JobRunner } from '../../apps/scheduler/job-runner.ts';
import { SCHEDULER_TOKENS } from '../../apps/scheduler/module.ts';
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

beforeAll(async () => {
  db = await createTestDatabase();
  at = await startFakeAfricasTalking();
  t = createTestApp(db, {
    clock,
    env: { AFRICASTALKING_USERNAME: at.username, AFRICASTALKING_API_KEY: at.apiKey, AFRICASTALKING_BASE_URL: at.url },
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
  await RequestContext.create(db.orm.em, () => t.container.get(PostgresOutbox).enqueue({ channel: 'sms', recipient: to, subject: null, body }));
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
    const claimed = await RequestContext.create(db.orm.em, () => t.container.get(PostgresOutbox).claimDue('sms', 50, 300));
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

describe('delivery reports (POST /api/sms/delivery-reports)', () => {
  it('stores AT\'s report against the message it names; a late non-final report changes nothing', async () => {
    const id = await enqueueSms('+250788100006', 'report me');
    await dispatch();
    const [sent] = sentTo('+250788100006');
    const url = `${appUrl}${DELIVERY_REPORTS_PATH}`;
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
      .post(DELIVERY_REPORTS_PATH)
      .type('form')
      .send({ id: sent!.messageId, status: 'Success', phoneNumber: sent!.to, networkCode: '63510' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'stored', messageId: id });
    expect(await delivery(id)).toMatchObject({ status: 'Success', final: true, delivered: true });
  });

  it('answers a report for an unknown message with 200 ignored, and refuses unreadable ones', async () => {
    const unknown = await request(t.handler).post(DELIVERY_REPORTS_PATH).type('form').send({ id: 'ATXid_unknown', status: 'Success', phoneNumber: '+250788100099' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ status: 'ignored' });
    const missing = await request(t.handler).post(DELIVERY_REPORTS_PATH).type('form').send({ status: 'Success' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation_failed');
    const json = await request(t.handler).post(DELIVERY_REPORTS_PATH).send({ id: 'x', status: 'Success', phoneNumber: '+250788100099' });
    expect(json.status).toBe(415);
  });
});

describe('without Africa\'s Talking (embedded default)', () => {
  it('keeps SMS in the outbox, pending, and dispatches none', async () => {
    const local = buildContainer({ config: testConfig(), orm: db.orm, logger: pino({ level: 'silent' }), clock, singleSignOn: null, mailTransport: null });
    expect(local.get(SCHEDULER_TOKENS.SmsDispatcher)).toBeNull();
    await RequestContext.create(db.orm.em, () => local.get(PostgresOutbox).enqueue({ channel: 'sms', recipient: '+250788100008', subject: null, body: 'kept' }));
    const [row] = await db.orm.em.fork().execute<{ id: string }[]>('select id from outbox_messages where recipient = ?', ['+250788100008']);
    const id = row!.id;
    const run = await local.get(JobRunner).runOnce('outbox-dispatch');
    expect(run).toMatchObject({ outcome: 'ran', report: { smsSent: 0, smsFailed: 0, smsRetrying: 0 } });
    expect(await message(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(sentTo('+250788100008')).toHaveLength(0);
  });
});
