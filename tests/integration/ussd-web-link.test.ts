/**
 * One phone number, one member (issue 31), over HTTP and the USSD route against PostgreSQL: a
 * number typed on the web is stored in E.164; USSD "Register" on a number a web account gives opens
 * no second account; the web account links its number by a code sent by SMS to that number, and
 * USSD then opens that same account; wrong and forged attempts, lock-outs and rate limits.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../support/outbox-mail.ts';
import { dialUssd } from '../support/ussd-session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db);
});
afterAll(async () => {
  await db?.drop();
});

const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);
const as = (token: string, method: 'get' | 'post' | 'put', path: string) => request(t.handler)[method](path).set('Authorization', `Bearer ${token}`);

let members = 0;
/** A web account registered with the number as a person types it. */
async function webMember(phone: string, firstName = 'Amina') {
  const email = `member${++members}@example.rw`;
  const res = await request(t.handler).post('/api/auth/register').send({ email, password: 'long enough password', firstName, lastName: 'Uwase', phone, language: 'en' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.user.id as string, token: res.body.token as string, email };
}

const dial = (phoneNumber: string) => dialUssd(t.handler, phoneNumber);

/** The code the last SMS to the number carried, as it will be delivered. */
async function lastCodeSentTo(phone: string): Promise<string> {
  const sms = (await mailsTo(db, t, phone)).filter((m) => m.channel === 'sms').at(-1);
  expect(sms?.stored).not.toMatch(/\d{6}/);
  const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the SMS to ${phone}`);
  return code;
}

const accountsWithPhone = async (phone: string) => Number((await sql<{ n: string }>('select count(*) as n from users where phone_number = ?', [phone]))[0]!.n);

describe('a phone number is stored in E.164 on every channel', () => {
  it('registers a web account with the number typed with spaces, and answers it in E.164', async () => {
    const amina = await webMember('+250 788 600 001');
    expect((await as(amina.token, 'get', '/api/profile')).body.phoneNumber).toBe('+250788600001');
    expect(await sql('select phone_number from users where id = ?', [amina.id])).toEqual([{ phone_number: '+250788600001' }]);
  });

  it('refuses what cannot be a phone number with phone_number_invalid, and opens no account', async () => {
    const before = await db.count('users');
    for (const phone of ['12345', '0252 123 456', 'call me']) {
      const res = await request(t.handler).post('/api/auth/register').send({ email: `bad${++members}@example.rw`, password: 'long enough password', firstName: 'A', lastName: 'B', phone });
      expect(res.status, phone).toBe(400);
      expect(res.body.code).toBe('phone_number_invalid');
    }
    expect(await db.count('users')).toBe(before);
  });

  it('keys a USSD caller by E.164 whatever form the gateway sends', async () => {
    expect(await dial('250788600002').open()).toBe('CON Welcome to Ikimina\n1 Register\n2 Language');
    const call = dial('250788600002');
    await call.open();
    expect(await call.type('1', 'Eric', 'Nsengimana', '24680', '24680')).toMatch(/^END Welcome Eric!/);
    expect(await sql('select phone_number from ussd_pins where phone_number like ?', ['%788600002'])).toEqual([{ phone_number: '+250788600002' }]);
  });
});

describe('USSD "Register" on a number a web account gives', () => {
  it('opens no second account: the caller is told to link it from the web, and typing on registers nothing', async () => {
    const amina = await webMember('0788 600 010');
    const call = dial('+250788600010');
    await call.open();
    expect(await call.type('1')).toBe(
      'CON This number is on an Ikimina web account. Yours? Sign in on the web, open Security and set up USSD access there.\n1 Not mine: new account\n0 Back 00 Home',
    );
    // Typing a registration on regardless: the notice again, nothing written.
    expect(await call.type('Mallory', 'Forger', '24680', '24680')).toMatch(/^CON Invalid choice\.|^CON This number is on an Ikimina web account/);
    expect(await accountsWithPhone('+250788600010')).toBe(1);
    expect(await sql('select 1 from ussd_pins where phone_number = ?', ['+250788600010'])).toEqual([]);
    expect((await as(amina.token, 'get', '/api/ussd-access')).body).toEqual({ status: 'not_set_up', phoneNumber: '+250788600010', codeExpiresAt: null });
  });

  it('still opens an account for a number no web account gives', async () => {
    const call = dial('+250788600011');
    await call.open();
    expect(await call.type('1', 'Grace', 'Mukamana', '24680', '24680')).toMatch(/^END Welcome Grace!/);
    expect(await accountsWithPhone('+250788600011')).toBe(1);
  });
});

describe('setting up USSD access from the web', () => {
  it('links the number to the same account: USSD asks for the PIN set on the web and opens that account', async () => {
    const amina = await webMember('+250 788 600 020', 'Amina');
    const sent = await as(amina.token, 'post', '/api/ussd-access/code');
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ phoneNumber: '+250788600020', expiresAt: expect.any(String) });
    expect(sent.headers['cache-control']).toBe('no-store');
    expect((await as(amina.token, 'get', '/api/ussd-access')).body).toMatchObject({ status: 'not_set_up', codeExpiresAt: sent.body.expiresAt });
    const code = await lastCodeSentTo('+250788600020');

    const done = await as(amina.token, 'put', '/api/ussd-access').send({ code, pin: '24681' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ status: 'set_up', phoneNumber: '+250788600020', codeExpiresAt: null });
    expect(await sql('select user_id from ussd_pins where phone_number = ?', ['+250788600020'])).toEqual([{ user_id: amina.id }]);

    const call = dial('+250788600020');
    expect(await call.open()).toBe('CON Ikimina: hello Amina. Enter your PIN:');
    expect(await call.type('24681')).toMatch(/^CON Ikimina: Amina\n1 My savings/);
    expect(await call.type('1')).toMatch(/^CON Savings: 0 RWF\nGroups: 0/);
    // Still one account for the number, and the web account is the one USSD opens.
    expect(await accountsWithPhone('+250788600020')).toBe(1);
  });

  it('refuses wrong codes with the tries left, uses the code up at the fifth, and links nothing', async () => {
    const amina = await webMember('+250788600030');
    await as(amina.token, 'post', '/api/ussd-access/code');
    const code = await lastCodeSentTo('+250788600030');
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1, 0]) {
      const res = await as(amina.token, 'put', '/api/ussd-access').send({ code: wrong, pin: '24681' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'ussd_access_code_incorrect', attemptsLeft: left });
    }
    const late = await as(amina.token, 'put', '/api/ussd-access').send({ code, pin: '24681' });
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('ussd_access_code_expired');
    expect(await sql('select 1 from ussd_pins where phone_number = ?', ['+250788600030'])).toEqual([]);
  });

  it("another member cannot use someone's code, and no request can name another number", async () => {
    const amina = await webMember('+250788600040');
    const mallory = await webMember('+250788600041', 'Mallory');
    await as(amina.token, 'post', '/api/ussd-access/code');
    const code = await lastCodeSentTo('+250788600040');
    // Mallory's own account has no outstanding code: Amina's code links nothing to Mallory.
    expect((await as(mallory.token, 'put', '/api/ussd-access').send({ code, pin: '24681' })).status).toBe(410);
    // A number in the body is not a field: refused, nothing sent to it.
    const forged = await as(mallory.token, 'put', '/api/ussd-access').send({ code, pin: '24681', phoneNumber: '+250788600040' });
    expect(forged.status).toBe(400);
    // Refused in words that name the field, not as if the body were no JSON object.
    expect(forged.body).toMatchObject({ code: 'validation_failed', error: 'Unknown field: phoneNumber.', fields: { phoneNumber: 'Unknown field: phoneNumber.' } });
    expect(await sql('select 1 from ussd_pins where user_id = ?', [mallory.id])).toEqual([]);
    expect((await mailsTo(db, t, '+250788600041')).filter((m) => m.channel === 'sms')).toEqual([]);
    // Signed out: nothing at all.
    expect((await request(t.handler).post('/api/ussd-access/code')).status).toBe(401);
    expect((await request(t.handler).put('/api/ussd-access').send({ code, pin: '24681' })).status).toBe(401);
  });

  it('refuses weak and malformed PINs before spending a try', async () => {
    const amina = await webMember('+250788600050');
    await as(amina.token, 'post', '/api/ussd-access/code');
    expect((await as(amina.token, 'put', '/api/ussd-access').send({ code: '000000', pin: '12345' })).body.code).toBe('pin_weak');
    expect((await as(amina.token, 'put', '/api/ussd-access').send({ code: '000000', pin: '2468' })).body.code).toBe('pin_format');
    expect((await as(amina.token, 'put', '/api/ussd-access').send({ code: '12', pin: '24681' })).body.code).toBe('validation_failed');
    expect(await sql('select attempts from ussd_access_codes where user_id = ?', [amina.id])).toEqual([{ attempts: 0 }]);
  });

  it('sends at most three codes an hour to one number (429 with Retry-After), whichever account asks', async () => {
    const amina = await webMember('+250788600060');
    const twin = await webMember('+250788600060', 'Twin');
    for (let i = 0; i < 3; i++) expect((await as(amina.token, 'post', '/api/ussd-access/code')).status).toBe(202);
    const limited = await as(twin.token, 'post', '/api/ussd-access/code');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await mailsTo(db, t, '+250788600060')).filter((m) => m.channel === 'sms')).toHaveLength(3);
  });

  it('says why it cannot when the profile has no number USSD serves', async () => {
    const none = await webMember('');
    const kenyan = await webMember('+254 711 123 456');
    expect((await as(none.token, 'get', '/api/ussd-access')).body.status).toBe('no_phone');
    expect((await as(none.token, 'post', '/api/ussd-access/code')).body.code).toBe('ussd_access_needs_phone');
    expect((await as(kenyan.token, 'get', '/api/ussd-access')).body).toMatchObject({ status: 'not_rwandan', phoneNumber: '+254711123456' });
    expect((await as(kenyan.token, 'post', '/api/ussd-access/code')).body.code).toBe('phone_number_not_rwandan');
  });
});

describe('someone typed my number on the web', () => {
  it('the holder of the SIM says "Not mine" and gets an account of their own; the web account can never link the number', async () => {
    const squatter = await webMember('+250788600070', 'Squatter');
    const call = dial('+250788600070');
    await call.open();
    await call.type('1');
    expect(await call.type('1', 'Jean', 'Habimana', '24680', '24680')).toMatch(/^END Welcome Jean!/);
    const [key] = await sql<{ user_id: string }>('select user_id from ussd_pins where phone_number = ?', ['+250788600070']);
    expect(key!.user_id).not.toBe(squatter.id);
    // The squatter's web account is not opened by USSD, and cannot take the number.
    expect(await dial('+250788600070').open()).toBe('CON Ikimina: hello Jean. Enter your PIN:');
    expect((await as(squatter.token, 'get', '/api/ussd-access')).body.status).toBe('other_account');
    expect((await as(squatter.token, 'post', '/api/ussd-access/code')).status).toBe(409);
  });

  it('a caller from another phone never reaches an account linked to a number: the gateway names the caller', async () => {
    const amina = await webMember('+250788600080', 'Amina');
    await as(amina.token, 'post', '/api/ussd-access/code');
    await as(amina.token, 'put', '/api/ussd-access').send({ code: await lastCodeSentTo('+250788600080'), pin: '24681' });
    // Knowing the PIN is not enough from another SIM: that phone is another caller, a stranger here.
    const other = dial('+250788600081');
    expect(await other.open()).toBe('CON Welcome to Ikimina\n1 Register\n2 Language');
    expect(await other.type('24681')).toBe('CON Invalid choice.\nWelcome to Ikimina\n1 Register\n2 Language');
  });
});
