/**
 * Sessions and sign-in as OWASP ASVS level 2 asks (issue 11), through the HTTP API against
 * PostgreSQL with a clock the test moves: idle and absolute expiry, password change and reset,
 * sign-in links ending other sessions, signing out everywhere, the session list, the progressive
 * slowing of wrong passwords, and no one-time link kept in clear in the outbox.
 */
import { RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage, MailTransport } from '../../core/notifications/mail-transport.ts';
import { ACCOUNT_THROTTLE, CLIENT_THROTTLE } from '../../core/accounts/sign-in-throttle.ts';
import { TOKENS } from '../../apps/container.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { linkTokenIn, mailsTo } from '../support/outbox-mail.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const MINUTE = 60_000;
let db: TestDatabase;
let t: TestApp;
const clock = new FakeClock(new Date('2026-11-23T06:00:00Z'));

class CapturingTransport implements MailTransport {
  sent: EmailMessage[] = [];
  async send(message: EmailMessage) {
    this.sent.push(message);
    return { providerMessageId: `msg-${this.sent.length}` };
  }
}
const transport = new CapturingTransport();

beforeAll(async () => {
  db = await createTestDatabase();
  // The embedded defaults (30 minutes idle, 12 hours absolute, 5 and 20 free wrong passwords),
  // which the test support relaxes for every other test.
  t = createTestApp(db, {
    clock,
    mailTransport: transport,
    env: {
      TRUST_PROXY: 'true',
      SESSION_IDLE_MINUTES: '30',
      SESSION_ABSOLUTE_HOURS: '12',
      SIGN_IN_FREE_FAILURES_PER_ACCOUNT: String(ACCOUNT_THROTTLE.freeFailures),
      SIGN_IN_FREE_FAILURES_PER_CLIENT: String(CLIENT_THROTTLE.freeFailures),
    },
  });
});
afterAll(async () => {
  await db?.drop();
});

const PASSWORD = 'correct horse';
let seq = 0;

async function register(userAgent = 'Phone/1.0') {
  const email = `member${++seq}@example.rw`;
  const res = await request(t.handler).post('/api/auth/register').set('User-Agent', userAgent).send({ email, password: PASSWORD, firstName: 'Aline', lastName: 'Keza' });
  expect(res.status).toBe(201);
  return { email, token: res.body.token as string, userId: res.body.user.id as string };
}

const login = (email: string, password: string, ip = '10.1.1.1', userAgent = 'Laptop/2.0') =>
  request(t.handler).post('/api/auth/login').set('X-Forwarded-For', ip).set('User-Agent', userAgent).send({ email, password });

async function signInAgain(email: string, userAgent = 'Laptop/2.0') {
  const res = await login(email, PASSWORD, `10.2.0.${++seq % 250}`, userAgent);
  expect(res.status).toBe(200);
  return res.body.token as string;
}

const me = (token: string) => request(t.handler).get('/api/user').set('Authorization', `Bearer ${token}`);
const status = async (token: string) => (await me(token)).status;
const authed = (method: 'get' | 'post' | 'delete', path: string, token: string) => request(t.handler)[method](path).set('Authorization', `Bearer ${token}`);

async function lastSeenOf(token: string): Promise<Date> {
  const hash = (await import('node:crypto')).createHash('sha256').update(token).digest('hex');
  const rows = await db.orm.em.fork().execute<{ last_seen_at: Date }[]>('select last_seen_at from sessions where token_hash = ?', [hash]);
  return new Date(rows[0]?.last_seen_at ?? 0);
}

describe('session expiry (30 minutes idle, 12 hours absolute)', () => {
  it('an unused session ends after 30 minutes; a used one lives on', async () => {
    const idle = await register();
    const used = await register();
    clock.advance(29 * MINUTE);
    expect(await status(used.token)).toBe(200);
    clock.advance(2 * MINUTE);
    expect(await status(idle.token)).toBe(401);
    expect(await status(used.token)).toBe(200);
    // A 29-day-old unused session (the testers' case) is long gone.
    clock.advance(29 * 24 * 60 * MINUTE);
    expect(await status(used.token)).toBe(401);
  });

  it('a session used every 25 minutes still ends 12 hours after sign-in', async () => {
    const { token } = await register();
    for (let elapsed = 25; elapsed < 12 * 60; elapsed += 25) {
      clock.advance(25 * MINUTE);
      expect(await status(token)).toBe(200);
    }
    clock.advance(25 * MINUTE);
    expect(await status(token)).toBe(401);
  });

  it('writes the last use at most once a minute, however many requests', async () => {
    const { token } = await register();
    const signedInAt = clock.now();
    expect((await lastSeenOf(token)).getTime()).toBe(signedInAt.getTime());
    clock.advance(30_000);
    await Promise.all(Array.from({ length: 10 }, () => me(token)));
    expect((await lastSeenOf(token)).getTime()).toBe(signedInAt.getTime());
    clock.advance(31_000);
    const touchedAt = clock.now();
    await me(token);
    clock.advance(20_000);
    for (let i = 0; i < 5; i++) await me(token);
    expect((await lastSeenOf(token)).getTime()).toBe(touchedAt.getTime());
  });
});

describe('password change', () => {
  it('needs the current password, keeps this session and ends every other one', async () => {
    const member = await register();
    const other = await signInAgain(member.email);
    const bystander = await register();
    const change = (body: object) => authed('post', '/api/auth/password/change', member.token).send(body);

    const wrong = await change({ currentPassword: 'not it', newPassword: 'a brand new one' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'Your current password is not correct.', code: 'current_password_incorrect' });
    const short = await change({ currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'validation_failed', fields: { newPassword: 'Password must be at least 8 characters' } });
    expect(await status(other)).toBe(200);

    expect((await change({ currentPassword: PASSWORD, newPassword: 'a brand new one' })).status).toBe(204);
    expect(await status(member.token)).toBe(200);
    expect(await status(other)).toBe(401);
    expect(await status(bystander.token)).toBe(200);
    expect((await login(member.email, PASSWORD)).status).toBe(401);
    expect((await login(member.email, 'a brand new one')).status).toBe(200);
    // The member is told of the change by e-mail (ASVS 2.5.5).
    expect((await mailsTo(db, t, member.email)).map((m) => m.subject)).toEqual(['Your Ikimina password was changed']);
  });

  it('is refused without a session', async () => {
    const res = await request(t.handler).post('/api/auth/password/change').send({ currentPassword: PASSWORD, newPassword: 'a brand new one' });
    expect(res.status).toBe(401);
  });
});

describe('password reset by e-mailed link', () => {
  const ask = (email: string) => request(t.handler).post('/api/auth/password-reset').send({ email });
  const confirm = (token: string, password: string) => request(t.handler).post('/api/auth/password-reset/confirm').send({ token, password });

  it('answers alike whether or not the account exists, and mails only an account, the link sealed', async () => {
    const member = await register();
    const known = await ask(member.email.toUpperCase());
    const unknown = await ask('ghost@example.rw');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo(db, t, 'ghost@example.rw')).toEqual([]);
    const [mail] = await mailsTo(db, t, member.email);
    expect(mail?.subject).toBe('Reset your Ikimina password');
    expect(mail?.body).toContain(`${TEST_BASE_URL}/auth/reset-password#token=`);
    expect(mail?.stored).not.toContain('#token=');
  });

  it('sets the new password once, ends every session of the member, and signs in afresh', async () => {
    const member = await register();
    const other = await signInAgain(member.email);
    const bystander = await register();
    await ask(member.email);
    const token = linkTokenIn((await mailsTo(db, t, member.email))[0]?.body ?? '', TEST_BASE_URL, '/auth/reset-password');

    expect((await confirm(token, 'short')).body).toMatchObject({ code: 'validation_failed', fields: { password: 'Password must be at least 8 characters' } });
    const done = await confirm(token, 'after the reset');
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ email: member.email, emailVerified: true });
    expect(await status(member.token)).toBe(401);
    expect(await status(other)).toBe(401);
    expect(await status(done.body.token)).toBe(200);
    expect(await status(bystander.token)).toBe(200);
    expect((await login(member.email, 'after the reset')).status).toBe(200);

    const again = await confirm(token, 'and once more');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'This password reset link is invalid or has expired. Please ask for a new one.', code: 'invalid_or_expired_reset_link' });
  });

  it('expires after 30 minutes, and is not a sign-in link', async () => {
    const member = await register();
    await ask(member.email);
    const token = linkTokenIn((await mailsTo(db, t, member.email))[0]?.body ?? '', TEST_BASE_URL, '/auth/reset-password');
    expect((await request(t.handler).post('/api/auth/magic-link/redeem').send({ token })).body.code).toBe('invalid_or_expired_link');
    clock.advance(30 * MINUTE);
    expect((await confirm(token, 'too late now')).body.code).toBe('invalid_or_expired_reset_link');
  });
});

describe('sign-in links, sign out everywhere, the session list', () => {
  it('a redeemed e-mailed sign-in link ends the member’s other sessions', async () => {
    const member = await register();
    const other = await signInAgain(member.email);
    await request(t.handler).post('/api/auth/magic-link').send({ email: member.email });
    const token = linkTokenIn((await mailsTo(db, t, member.email))[0]?.body ?? '', TEST_BASE_URL, '/auth/magic-link');
    const redeemed = await request(t.handler).post('/api/auth/magic-link/redeem').send({ token });
    expect(redeemed.status).toBe(200);
    expect(await status(member.token)).toBe(401);
    expect(await status(other)).toBe(401);
    expect(await status(redeemed.body.token)).toBe(200);
  });

  it('signing out everywhere ends every session of the member and clears the cookie', async () => {
    const member = await register();
    const other = await signInAgain(member.email);
    const bystander = await register();
    const res = await authed('post', '/api/auth/logout-everywhere', member.token);
    expect(res.status).toBe(204);
    expect(String(res.headers['set-cookie'])).toContain('ikimina_session=;');
    expect(await status(member.token)).toBe(401);
    expect(await status(other)).toBe(401);
    expect(await status(bystander.token)).toBe(200);
    expect((await request(t.handler).post('/api/auth/logout-everywhere')).status).toBe(401);
  });

  it('lists the member’s live sessions and revokes only the member’s own', async () => {
    const member = await register('Phone/1.0');
    clock.advance(1000);
    const laptop = await signInAgain(member.email, 'Laptop/2.0');
    const stranger = await register();
    const listed = await authed('get', '/api/auth/sessions', member.token);
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2);
    const [newest, oldest] = listed.body.sessions;
    expect(newest).toMatchObject({ userAgent: 'Laptop/2.0', current: false });
    expect(newest.ipAddress).toMatch(/^10\.2\.0\./);
    expect(oldest).toMatchObject({ userAgent: 'Phone/1.0', current: true });
    expect(Object.keys(oldest).sort()).toEqual(['createdAt', 'current', 'endsAt', 'id', 'ipAddress', 'lastSeenAt', 'userAgent']);

    const strangersId = (await authed('get', '/api/auth/sessions', stranger.token)).body.sessions[0].id;
    for (const id of [strangersId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const refused = await authed('delete', `/api/auth/sessions/${encodeURIComponent(id)}`, member.token);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ error: 'This session does not exist or has already ended.', code: 'session_not_found' });
    }
    expect(await status(stranger.token)).toBe(200);

    expect((await authed('delete', `/api/auth/sessions/${newest.id}`, member.token)).status).toBe(204);
    expect(await status(laptop)).toBe(401);
    expect(await status(member.token)).toBe(200);
    expect((await authed('get', '/api/auth/sessions', member.token)).body.sessions.map((s: { id: string }) => s.id)).toEqual([oldest.id]);
    expect((await authed('delete', `/api/auth/sessions/${newest.id}`, member.token)).status).toBe(404);

    const own = await authed('delete', `/api/auth/sessions/${oldest.id}`, member.token);
    expect(own.status).toBe(204);
    expect(String(own.headers['set-cookie'])).toContain('ikimina_session=;');
    expect(await status(member.token)).toBe(401);
    expect((await request(t.handler).get('/api/auth/sessions')).status).toBe(401);
  });
});

describe('wrong passwords slowed progressively, not locked', () => {
  it('a stranger hammering an account: the stranger’s client is slowed to minutes, the owner waits at most a minute', async () => {
    const owner = await register();
    let accepted = 0;
    // The stranger guesses once a second for five minutes from one address.
    for (let second = 0; second < 300; second++) {
      const res = await login(owner.email, `guess ${second}`, '203.0.113.66');
      if (res.status === 429) {
        expect(res.body.code).toBe('rate_limited');
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(300);
      } else {
        expect(res.status).toBe(401);
        accepted++;
      }
      clock.advance(1000);
    }
    // A handful of guesses got through, not 300: the account's waits, then the client's.
    expect(accepted).toBeLessThanOrEqual(12);
    const strangerElsewhere = await login('someone.else@example.rw', 'guess', '203.0.113.66');
    expect(strangerElsewhere.status).toBe(429);
    expect(Number(strangerElsewhere.headers['retry-after'])).toBeGreaterThan(60);

    // The owner, from their own phone, with the right password.
    let owners = await login(owner.email, PASSWORD, '198.51.100.20');
    if (owners.status === 429) {
      expect(Number(owners.headers['retry-after'])).toBeLessThanOrEqual(60);
      clock.advance(Number(owners.headers['retry-after']) * 1000);
      owners = await login(owner.email, PASSWORD, '198.51.100.20');
    }
    expect(owners.status).toBe(200);
  });

  it('the delays double with each counted failure and a right password starts the account afresh', async () => {
    const member = await register();
    const ip = '192.0.2.44';
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await login(member.email, 'wrong', ip);
      if (res.status === 429) {
        const wait = Number(res.headers['retry-after']);
        waits.push(wait);
        clock.advance(wait * 1000);
        expect((await login(member.email, 'wrong', ip)).status).toBe(401);
      }
    }
    expect(waits).toEqual([2, 4, 8, 16, 32]);
    clock.advance(60_000);
    expect((await login(member.email, PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(member.email, 'wrong again', ip)).status).toBe(401);
  });
});

describe('concurrent guesses and hostile input', () => {
  it('a burst of concurrent wrong passwords on one account gets no more than the 5 free attempts', async () => {
    const member = await register();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(member.email, `burst ${i}`, `172.16.0.${i + 1}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((code) => code === 401)).toHaveLength(5);
    expect(statuses.filter((code) => code === 429)).toHaveLength(15);
  });

  it('answers every malformed body of the new routes with a 4xx that changes nothing', async () => {
    const member = await register();
    const hostile: unknown[] = [
      null,
      [],
      'text',
      {},
      { currentPassword: 'x\u0000y', newPassword: 'z'.repeat(257) },
      { currentPassword: 7, newPassword: ['array'] },
      { email: 'a\u0000@example.rw' },
      { email: `${'a'.repeat(250)}@example.rw` },
      { token: 'A'.repeat(129), password: 'long enough' },
      { token: '\u0000', password: '\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000' },
      { token: { $ne: null }, password: 'long enough' },
    ];
    const routes = ['/api/auth/password/change', '/api/auth/password-reset', '/api/auth/password-reset/confirm'];
    for (const path of routes) {
      for (const body of hostile) {
        const res = await authed('post', path, member.token).set('Content-Type', 'application/json').send(JSON.stringify(body));
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    for (const id of ['%00', '%E2%80%AE', 'x'.repeat(5000), '00000000-0000-4000-8000-00000000000g']) {
      const res = await authed('delete', `/api/auth/sessions/${id}`, member.token);
      // A control character (NUL, a right-to-left override) is refused at the edge before any route (400 invalid_characters).
      expect([res.status, res.body.code], id).toEqual(['%00', '%E2%80%AE'].includes(id) ? [400, 'invalid_characters'] : [404, 'session_not_found']);
    }
    // Nothing changed: the session and the password still work, no reset link was sent.
    expect(await status(member.token)).toBe(200);
    expect((await login(member.email, PASSWORD)).status).toBe(200);
    expect(await mailsTo(db, t, member.email)).toEqual([]);
  });
});

describe('no one-time link in clear in the outbox', () => {
  it('keeps sign-in and reset tokens only sealed, delivers them whole, and erases them once sent', async () => {
    const member = await register();
    await request(t.handler).post('/api/auth/magic-link').send({ email: member.email });
    await request(t.handler).post('/api/auth/password-reset').send({ email: member.email });
    const inClear = await db.orm.em.fork().execute<{ n: string }[]>(
      "select count(*) as n from outbox_messages where body ~ '#token=[A-Za-z0-9_-]{20,}' or subject ~ 'token=' or sealed_secret ~ '#token='",
    );
    expect(Number(inClear[0]?.n)).toBe(0);
    const mails = await mailsTo(db, t, member.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.sealedSecret).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    const dispatcher = t.container.get(TOKENS.DeliverDueEmails);
    if (!dispatcher) throw new Error('a transport is configured, so a dispatcher must be bound');
    await RequestContext.create(db.orm.em, () => dispatcher.execute());
    const delivered = transport.sent.filter((m) => m.to === member.email).map((m) => m.text);
    expect(delivered).toHaveLength(2);
    expect(delivered).toEqual(expect.arrayContaining([expect.stringMatching(/\/auth\/magic-link#token=[A-Za-z0-9_-]{43}/), expect.stringMatching(/\/auth\/reset-password#token=[A-Za-z0-9_-]{43}/)]));
    for (const mail of await mailsTo(db, t, member.email)) {
      expect(mail.status).toBe('sent');
      expect(mail.sealedSecret).toBeNull();
      expect(mail.body).not.toContain('#token=');
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents the new routes', async () => {
    const paths = (await request(t.handler).get('/api/openapi.json')).body.paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/auth/password/change', '/api/auth/password-reset', '/api/auth/password-reset/confirm', '/api/auth/sessions', '/api/auth/sessions/{id}', '/api/auth/logout-everywhere']),
    );
    expect(paths['/api/auth/sessions/{id}'].delete.responses['404']).toBeDefined();
  });
});
