/**
 * The business side attacked as a stranger and as a member who is not the owner, through the HTTP
 * API against PostgreSQL and the sandbox provider (its collection requests counted):
 *
 * - The public pay page cannot be used to flood a phone with mobile-money prompts: a stranger's
 *   collection requests are limited per payer number and per client address (429 `rate_limited`
 *   with Retry-After, nothing stored, the provider not asked); a repeat under an Idempotency-Key
 *   starts nothing and is not counted; USSD, where the payer's own PIN confirms and every session
 *   arrives from the gateway's one address, is not limited by that address.
 * - A member cannot name their own agent profile as the referrer of their own business (the
 *   commission would be a rebate of the fee to the payee).
 * - A member cannot squat merchant codes: at most 5 businesses await KYB per member at a time.
 * - A merchant's CSV cell holding a `;` is quoted, so a spreadsheet that splits on semicolons (the
 *   French locale's separator) does not start a cell with a formula.
 */
import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresLedgerRepository } from '../../adapters/postgres/postgres-ledger-repository.ts';
import { Money } from '../../core/money/money.ts';
import { notingCollections } from '../support/merchant-world.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { startSandboxApp, type SandboxApp } from '../support/sandbox-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const PER_NUMBER = 3;
const PER_CLIENT = 6;

let db: TestDatabase;
let app: SandboxApp;
let container: Container;
let handler: SandboxApp['handler'];
let ownerToken: string;
let merchantId: string;
const asked: string[] = [];

const counting = notingCollections(asked);

const merchantForm = { businessName: 'Kiosk Abuse', merchantCategory: 'retail', businessAddress: 'KN 3 Rd, Nyamirambo', district: 'Nyarugenge', email: 'k@example.rw' };

async function member(email: string, phone: string) {
  const res = await request(handler).post('/api/auth/register').send({ email, password: 'correct horse', firstName: 'Grace', lastName: 'Test', phone });
  expect(res.status).toBe(201);
  return { id: res.body.user.id as string, token: res.body.token as string };
}

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startSandboxApp(db, { mobileMoney: counting, env: { PAY_REQUESTS_PER_NUMBER: String(PER_NUMBER), PAY_REQUESTS_PER_CLIENT: String(PER_CLIENT) } });
  ({ container, handler } = app);
  ownerToken = (await member('owner@example.rw', '+250788630001')).token;
  const registered = await request(handler)
    .post('/api/merchants/register')
    .set('Authorization', `Bearer ${ownerToken}`)
    .send({ ...merchantForm, merchantCode: 'ABUSE-1', phoneNumber: '+250788630002' });
  expect(registered.status).toBe(201);
  merchantId = registered.body.id;
  expect((await runAdmin(container, 'merchants', 'verify', merchantId)).code).toBe(0);
});

afterAll(async () => {
  await app?.close();
  if (db) expect(await new PostgresLedgerRepository(db.orm.em.fork()).trialBalance()).toEqual(Money.ZERO);
  await db?.drop();
});

const pay = (body: object, key: string | null = randomUUID()) => {
  const req = request(handler).post('/api/pay/ABUSE-1');
  return (key === null ? req : req.set('Idempotency-Key', key)).send(body);
};
const paymentsTo = async (phone: string) =>
  Number((await db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from merchant_transactions where customer_phone_number = ?', [phone]))[0]!.n);

describe('the merchant’s CSV export', () => {
  it('quotes a cell holding a semicolon, so no semicolon-separated cell starts with a formula', async () => {
    expect((await pay({ amount: 100, phoneNumber: '+250788630500', customerName: 'Aline;=1+2' })).status).toBe(202);
    const csv = await request(handler).get(`/api/merchants/${merchantId}/transactions/export`).set('Authorization', `Bearer ${ownerToken}`);
    expect(csv.status).toBe(200);
    const line = csv.text.split('\r\n').find((l) => l.includes('Aline'))!;
    // Inside quotes, a `;` separates nothing in a semicolon spreadsheet either.
    expect(line).toContain(',"Aline;=1+2",');
  });
});

describe('the public pay page cannot flood a phone with prompts', () => {
  it(`starts at most ${PER_NUMBER} collections for one payer number in the window, then answers 429 and asks the provider nothing`, async () => {
    const victim = { amount: 100, phoneNumber: '+250788630100' };
    const key = randomUUID();
    for (let i = 0; i < PER_NUMBER; i++) expect((await pay(victim, i === 0 ? key : randomUUID())).status).toBe(202);
    // A repeat under a key starts nothing: answered, not counted.
    expect((await pay(victim, key)).status).toBe(200);
    const before = asked.length;
    const refused = await pay(victim);
    expect([refused.status, refused.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await pay(victim, null)).status).toBe(429);
    expect(asked.length).toBe(before);
    expect(await paymentsTo(victim.phoneNumber)).toBe(PER_NUMBER);
  });

  it(`starts at most ${PER_CLIENT} collections for one client address over many numbers`, async () => {
    // The tests above already counted attempts of this address (127.0.0.1): the limit is met within PER_CLIENT more.
    const started: number[] = [];
    for (let i = 0; i < PER_CLIENT; i++) started.push((await pay({ amount: 100, phoneNumber: `+25078863020${i}` })).status);
    expect(started.filter((s) => s === 429).length).toBeGreaterThan(0);
    const before = asked.length;
    expect((await pay({ amount: 100, phoneNumber: '+250788630299' })).status).toBe(429);
    expect(asked.length).toBe(before);
  });

  it('still takes a USSD payment, which the payer’s PIN confirms, when the web limit of the gateway’s address is spent', async () => {
    const phone = '+250788630300';
    const ussd = (sessionId: string, inputs: readonly string[]) =>
      request(handler).post('/ussd/africastalking').type('form').send({ sessionId, phoneNumber: phone, text: inputs.join('*'), serviceCode: '*384*123#', networkCode: '63510' });
    const steps: string[] = [];
    for (const step of [null, '1', 'Amina', 'Uwase', '24680', '24680']) {
      if (step !== null) steps.push(step);
      await ussd('ATUid_abuse_1', steps);
    }
    const inputs: string[] = [];
    let last: request.Response | undefined;
    for (const step of [null, '24680', '8', 'ABUSE-1', '500', '24680']) {
      if (step !== null) inputs.push(step);
      last = await ussd('ATUid_abuse_2', inputs);
    }
    expect(last!.text.startsWith('END')).toBe(true);
    expect(await paymentsTo(phone)).toBe(1);
  });
});

describe('a member and their own agent profile', () => {
  it('cannot name their own agent as the referrer of their own business; another member can', async () => {
    const agent = await member('agent@example.rw', '+250788630400');
    const agentProfile = await request(handler)
      .post('/api/agents/register')
      .set('Authorization', `Bearer ${agent.token}`)
      .send({ agentCode: 'SELF-AG', agentType: 'individual', physicalAddress: 'KG 11 Ave, Kimironko', district: 'Gasabo', phoneNumber: '+250788630401', email: 'ag@example.rw', serviceTerritories: ['Kimironko'] });
    expect(agentProfile.status).toBe(201);
    expect((await runAdmin(container, 'agents', 'accredit', agentProfile.body.id)).code).toBe(0);
    const count = await db.count('merchants');

    const own = await request(handler)
      .post('/api/merchants/register')
      .set('Authorization', `Bearer ${agent.token}`)
      .send({ ...merchantForm, merchantCode: 'SELF-SHOP', phoneNumber: '+250788630402', onboardedByAgentId: agentProfile.body.id });
    expect([own.status, own.body.code]).toEqual([409, 'own_business_referral']);
    expect(await db.count('merchants')).toBe(count);

    const referred = await request(handler)
      .post('/api/merchants/register')
      .set('Authorization', `Bearer ${ownerToken}`)
      .send({ ...merchantForm, merchantCode: 'REFERRED-1', phoneNumber: '+250788630403', onboardedByAgentId: agentProfile.body.id });
    expect(referred.status).toBe(201);
  });
});


describe('merchant codes', () => {
  it('cannot be squatted: a member has at most 5 businesses awaiting verification; a verified one frees a place', async () => {
    const squatter = await member('squatter@example.rw', '+250788630600');
    const register = (code: string) =>
      request(handler)
        .post('/api/merchants/register')
        .set('Authorization', `Bearer ${squatter.token}`)
        .send({ ...merchantForm, merchantCode: code, phoneNumber: '+250788630601' });
    const ids: string[] = [];
    for (const code of ['MTN', 'AIRTEL', 'SIMBA', 'BRALIRWA', 'KFC']) {
      const res = await register(code);
      expect(res.status, code).toBe(201);
      ids.push(res.body.id);
    }
    const count = await db.count('merchants');
    const refused = await register('EQUITY');
    expect([refused.status, refused.body.code]).toEqual([409, 'too_many_pending_merchants']);
    expect(await db.count('merchants')).toBe(count);
    expect((await runAdmin(container, 'merchants', 'verify', ids[0]!)).code).toBe(0);
    expect((await register('EQUITY')).status).toBe(201);
  });
});
