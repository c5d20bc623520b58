/**
 * Africa's Talking's USSD callbacks accepted only from the gateway: the secret path segment
 * (AFRICASTALKING_CALLBACK_SECRET), the source allow list (AFRICASTALKING_ALLOWED_SOURCES), the
 * configuration that requires the secret, and the embedded default that keeps the plain paths for
 * the simulator. Forged posts are refused before any work: nothing is stored, nothing registered.
 */
import { randomBytes } from 'node:crypto';
import type { Container } from 'inversify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../apps/config.ts';
import { buildContainer } from '../../apps/container.ts';
import { createLogger } from '../../apps/infrastructure.ts';
import { createApp } from '../../apps/server.ts';
import { USSD_EVENTS_PATH, USSD_PATH } from '../../apps/ussd/paths.ts';
import { createTestApp, testConfig } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
const SECRET = randomBytes(32).toString('hex');
const logLines: string[] = [];
let handler: ReturnType<ReturnType<typeof createApp>['callback']>;
let container: Container;

beforeAll(async () => {
  db = await createTestDatabase();
  const config = testConfig({ AFRICASTALKING_CALLBACK_SECRET: SECRET, LOG_LEVEL: 'info' });
  // Every line of the application's own logger is kept, to check that the secret never appears in one.
  const logger = createLogger({ logLevel: 'info', nodeEnv: 'test' }, { write: (line: string) => void logLines.push(line) });
  container = buildContainer({ config, orm: db.orm, logger, clock: { now: () => new Date() }, singleSignOn: null, mailTransport: null });
  handler = createApp(container).callback();
});
afterAll(async () => {
  await db?.drop();
});

let sessions = 0;
const step = (phoneNumber: string, text = '') => ({ sessionId: `ATUid_gw_${++sessions}`, phoneNumber, text, serviceCode: '*384*123#', networkCode: '63510' });
const stored = async () => {
  const [row] = await db.orm.em.fork().execute<{ sessions: number; pins: number; users: number }[]>(
    'select (select count(*) from ussd_session)::int as sessions, (select count(*) from ussd_pins)::int as pins, (select count(*) from users)::int as users',
  );
  return row!;
};

describe('USSD with a callback secret', () => {
  it('answers the gateway at /ussd/africastalking/<secret>, and its events at …/<secret>/events', async () => {
    const res = await request(handler).post(`${USSD_PATH}/${SECRET}`).type('form').send(step('+250788300001'));
    expect(res.status).toBe(200);
    expect(res.text).toBe('CON Welcome to Ikimina\n1 Register\n2 Language');
    const events = await request(handler).post(`${USSD_PATH}/${SECRET}/events`).type('form').send({ sessionId: 'ATUid_gw_done', status: 'Success' });
    expect(events.status).toBe(200);
    expect(events.text).toBe('OK');
  });

  it('refuses forged steps and events (plain path, no secret, a wrong one, one character off) with 404, storing nothing', async () => {
    const before = await stored();
    const wrong = randomBytes(32).toString('hex');
    const forged = [USSD_PATH, `${USSD_PATH}/${wrong}`, `${USSD_PATH}/${SECRET.slice(0, -1)}`, `${USSD_PATH}/${SECRET}0`, `${USSD_PATH}/${SECRET.toUpperCase()}`, `${USSD_PATH}/events`];
    for (const path of forged) {
      // A whole registration, as an attacker would post it: none of it may happen.
      for (const text of ['', '1', '1*Mallory', '1*Mallory*Forger', '1*Mallory*Forger*24680', '1*Mallory*Forger*24680*24680']) {
        const res = await request(handler).post(path).type('form').send({ ...step('+250788300002', text), sessionId: 'ATUid_forged' });
        expect(res.status, path).toBe(404);
        expect(res.text).not.toMatch(/^(CON|END) /);
      }
    }
    for (const path of [USSD_EVENTS_PATH, `${USSD_PATH}/${wrong}/events`]) {
      expect((await request(handler).post(path).type('form').send({ sessionId: 'ATUid_forged', status: 'Success' })).status, path).toBe(404);
    }
    expect(await stored()).toEqual(before);
  });

  it('logs refusals at warn without the secret, and the requests it takes under the route pattern', async () => {
    logLines.length = 0;
    await request(handler).post(`${USSD_PATH}/not-the-secret`).type('form').send(step('+250788300003'));
    await request(handler).post(`${USSD_PATH}/${SECRET}`).type('form').send(step('+250788300003'));
    const entries = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; route?: string; path?: string });
    expect(entries.filter((e) => e.msg === 'gateway callback refused')).toEqual([expect.objectContaining({ level: 40, route: '/ussd/africastalking/{secret}', reason: 'wrong_secret' })]);
    expect(entries.filter((e) => e.msg === 'request').map((e) => e.path)).toEqual(['/ussd/africastalking/{secret}', '/ussd/africastalking/{secret}']);
    expect(logLines.join('\n')).not.toContain(SECRET);
  });
});

describe('USSD with a source allow list', () => {
  it('refuses the right secret from a source outside the list with 403, storing nothing; a source inside is served', async () => {
    const before = await stored();
    const elsewhere = createTestApp(db, { env: { AFRICASTALKING_CALLBACK_SECRET: SECRET, AFRICASTALKING_ALLOWED_SOURCES: '203.0.113.0/24' } });
    const refused = await request(elsewhere.handler).post(`${USSD_PATH}/${SECRET}`).type('form').send(step('+250788300004', '1*Mallory*Forger*24680*24680'));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('source_not_allowed');
    expect((await request(elsewhere.handler).post(`${USSD_PATH}/${SECRET}/events`).type('form').send({ sessionId: 'x' })).status).toBe(403);
    expect(await stored()).toEqual(before);

    const here = createTestApp(db, { env: { AFRICASTALKING_CALLBACK_SECRET: SECRET, AFRICASTALKING_ALLOWED_SOURCES: '203.0.113.0/24,127.0.0.1,::1' } });
    expect((await request(here.handler).post(`${USSD_PATH}/${SECRET}`).type('form').send(step('+250788300004'))).text).toMatch(/^CON Welcome/);
  });
});

describe('the embedded default (no configuration)', () => {
  it('keeps the plain paths for the simulator and refuses any secret form', async () => {
    const local = createTestApp(db);
    expect((await request(local.handler).post(USSD_PATH).type('form').send(step('+250788300005'))).text).toMatch(/^CON Welcome/);
    expect((await request(local.handler).post(USSD_EVENTS_PATH).type('form').send({ sessionId: 'x' })).status).toBe(200);
    expect((await request(local.handler).post(`${USSD_PATH}/${SECRET}`).type('form').send(step('+250788300005'))).status).toBe(404);
    expect((await request(local.handler).post(`${USSD_PATH}/${SECRET}/events`).type('form').send({ sessionId: 'x' })).status).toBe(404);
  });
});

describe('configuration', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return error.problems;
    }
  };

  it("requires the secret as soon as Africa's Talking is configured or in production, saying what to do", () => {
    const configured: Record<string, string>[] = [{ AFRICASTALKING_USERNAME: 'ikimina', AFRICASTALKING_API_KEY: 'atsk_x' }, { NODE_ENV: 'production' }];
    for (const env of configured) {
      const problems = problemsOf(env);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^AFRICASTALKING_CALLBACK_SECRET: required as soon as Africa's Talking is configured .* or NODE_ENV=production/);
      expect(problemsOf({ ...env, AFRICASTALKING_CALLBACK_SECRET: SECRET })).toEqual([]);
    }
    expect(loadConfig({}).gatewayCallbacks).toEqual({ secret: null, allowedSources: [] });
    expect(loadConfig({ AFRICASTALKING_CALLBACK_SECRET: '' }).gatewayCallbacks.secret).toBeNull();
  });

  it('refuses a short or not URL-safe secret and a malformed allow list', () => {
    for (const secret of ['short', 'a'.repeat(31), `${'a'.repeat(31)}/`, `${'a'.repeat(40)}?x`, `${'a'.repeat(40)} b`]) {
      expect(problemsOf({ AFRICASTALKING_CALLBACK_SECRET: secret })[0], secret).toMatch(/^AFRICASTALKING_CALLBACK_SECRET: use 32 to 256 URL-safe characters/);
    }
    for (const list of ['10.0.0.0/33', 'example.com', '10.0.0.1/8/8', '::1/129', '10.0.0.1,,nope']) {
      expect(problemsOf({ AFRICASTALKING_ALLOWED_SOURCES: list })[0], list).toMatch(/^AFRICASTALKING_ALLOWED_SOURCES\.\d+: each entry must be an IP address or a CIDR block/);
    }
    expect(loadConfig({ AFRICASTALKING_ALLOWED_SOURCES: ' 203.0.113.0/24 , 2001:db8::/32,198.51.100.7 ' }).gatewayCallbacks.allowedSources).toEqual(['203.0.113.0/24', '2001:db8::/32', '198.51.100.7']);
  });
});
