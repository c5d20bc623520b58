/**
 * The request log, as the server writes it (the application's logger, createLogger), never holds a
 * secret that travels in a URL: Airtel's callback secret, each payment's MTN callback token, the
 * gateway's secret on the SMS delivery reports and USSD. Each request is made as a provider or an
 * attacker would make it, refused or not: the line names the secret segment, it never writes it.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../apps/infrastructure.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
const lines: string[] = [];
const GATEWAY_SECRET = randomBytes(24).toString('hex');

beforeAll(async () => {
  db = await createTestDatabase();
  const logger = createLogger({ logLevel: 'info', nodeEnv: 'test' }, { write: (line: string) => void lines.push(line) });
  t = createTestApp(db, { logger, env: { AFRICASTALKING_CALLBACK_SECRET: GATEWAY_SECRET } });
});
afterAll(async () => {
  await db?.drop();
});

const requestPaths = () => lines.map((line) => JSON.parse(line) as { msg: string; path?: string }).filter((entry) => entry.msg === 'request').map((entry) => entry.path);

describe('the request log', () => {
  it('names the secret segment of every callback route, whether the request is taken or refused', async () => {
    const airtelSecret = randomBytes(24).toString('base64url');
    const mtnToken = `c${randomBytes(32).toString('base64url')}`;
    lines.length = 0;
    await request(t.handler).post(`/api/payments/callbacks/airtel/${airtelSecret}`).send({ transaction: { id: 'ref-1', status_code: 'TS' } });
    await request(t.handler).put(`/api/payments/callbacks/mtn/${mtnToken}`).send({ externalId: 'ref-1', amount: '5000', currency: 'RWF', status: 'SUCCESSFUL' });
    await request(t.handler).post(`/api/sms/delivery-reports/${GATEWAY_SECRET}`).type('form').send({ id: 'ATXid_1', status: 'Success', phoneNumber: '+250788000000' });
    await request(t.handler).post(`/ussd/africastalking/${GATEWAY_SECRET}`).type('form').send({ sessionId: 'ATUid_log', phoneNumber: '+250788300009', text: '', serviceCode: '*384*123#' });
    await request(t.handler).post(`/ussd/africastalking/${GATEWAY_SECRET}/events`).type('form').send({ sessionId: 'ATUid_log', status: 'Success' });

    expect(requestPaths()).toEqual([
      '/api/payments/callbacks/airtel/{secret}',
      '/api/payments/callbacks/mtn/{token}',
      '/api/sms/delivery-reports/{secret}',
      '/ussd/africastalking/{secret}',
      '/ussd/africastalking/{secret}/events',
    ]);
    const written = lines.join('\n');
    for (const secret of [airtelSecret, mtnToken, GATEWAY_SECRET]) expect(written).not.toContain(secret);
  });

  it('writes the path of an ordinary request as it is, and never its query', async () => {
    lines.length = 0;
    await request(t.handler).get('/api/tontines?token=not-for-the-log');
    expect(requestPaths()).toEqual(['/api/tontines']);
    expect(lines.join('\n')).not.toContain('not-for-the-log');
  });
});
