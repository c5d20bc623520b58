/**
 * Every amount at every HTTP edge is bounded (apps/http/amount-field.ts over
 * core/money/amount-input.ts): huge, negative, fractional, exponent and non-numeric amounts are
 * refused with a 400 `validation_failed` and a message a person understands, never a 500, and
 * nothing is stored. The assistant, which reads amounts out of a member's words, answers them
 * with the bounds.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;
let token: string;
let savingsId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db);
  const registered = await request(t.handler)
    .post('/api/auth/register')
    .send({ email: 'edges@example.rw', password: 'correct horse', firstName: 'Edge', lastName: 'Case', phone: '+250788555100' });
  expect(registered.status).toBe(201);
  token = registered.body.token as string;
  const savings = await as('post', '/api/tontines').send({ name: 'My savings', description: 'Saving', contributionAmount: 5000, frequency: 'monthly', maxMembers: 1 });
  expect(savings.status).toBe(201);
  savingsId = savings.body.id as string;
});
afterAll(async () => {
  await db?.drop();
});

function as(method: 'get' | 'post', path: string) {
  return request(t.handler)[method](path).set('Authorization', `Bearer ${token}`);
}

/** Amounts a client (or an attacker) gets wrong, each with the kind of refusal expected. */
const WRONG: Array<[string, unknown]> = [
  ['huge number', 90071992547410],
  ['huge text', '99999999999999999999'],
  ['unsafe integer', -9007199254740993],
  ['too large for a JSON double', 1e308],
  ['negative', -5000],
  ['zero', 0],
  ['fraction beyond centimes', '5000.123'],
  ['exponent text', '1e5'],
  ['separators', '5,000'],
  ['words', 'five thousand'],
  ['empty', ''],
  ['a list', [5000]],
  ['an object', { value: 5000 }],
  ['null', null],
];

async function refusedEverywhere(send: (amount: unknown) => Promise<request.Response>, expected: (label: string) => RegExp) {
  for (const [label, amount] of WRONG) {
    const res = await send(amount);
    expect([res.status, res.body.code], label).toEqual([400, 'validation_failed']);
    expect(res.body.error, label).toMatch(expected(label));
  }
}

describe('amounts at the HTTP edges', () => {
  it('refuses every wrong loan amount on the key facts and the application, with the specification’s words', async () => {
    const words = (label: string) =>
      /huge|double/.test(label) ? /^Maximum loan amount is 10,000,000 RWF$/ : label === 'fraction beyond centimes' ? /whole number of francs/ : /^Minimum loan amount is 10,000 RWF$/;
    const form = { termMonths: 6, purpose: 'Stock for my grocery shop' };
    await refusedEverywhere((amount) => as('post', '/api/loans/key-facts').send({ ...form, amount }), words);
    await refusedEverywhere((amount) => as('post', '/api/loans').set('Idempotency-Key', 'edge').send({ ...form, amount, keyFactsId: crypto.randomUUID(), acceptKeyFacts: true }), words);
    // A decimal text within the bounds is an amount like its number.
    expect((await as('post', '/api/loans/key-facts').send({ ...form, amount: '15000' })).status).toBe(201);
  });

  it('refuses every wrong contribution, withdrawal and budget, and stores nothing', async () => {
    const groups = await db.count('tontines');
    const above = (what: string) => (label: string) => (/huge|double/.test(label) ? new RegExp(`${what} is at most 1,000,000,000 RWF`) : /./);
    await refusedEverywhere(
      (contributionAmount) => as('post', '/api/tontines').send({ name: 'Edge group', description: 'Edge', contributionAmount, frequency: 'monthly', maxMembers: 3 }),
      above('A contribution'),
    );
    expect(await db.count('tontines')).toBe(groups);
    await refusedEverywhere((amount) => as('post', `/api/tontines/${savingsId}/withdraw`).set('Idempotency-Key', crypto.randomUUID()).send({ amount }), above('The amount'));
    expect(await db.count('outgoing_transfers')).toBe(0);

    for (const [label, budget] of WRONG) {
      if (typeof budget === 'object' && budget !== null) continue; // a query carries text only
      const res = await as('get', `/api/ai-assistant/tontine-recommendations?budget=${encodeURIComponent(String(budget))}`);
      expect([res.status, res.body.code], label).toEqual([400, 'validation_failed']);
    }
    const huge = await as('get', '/api/ai-assistant/tontine-recommendations?budget=90071992547410');
    expect([huge.status, huge.body.error]).toEqual([400, 'The budget is at most 1,000,000,000 RWF']);
    expect((await as('get', '/api/ai-assistant/tontine-recommendations?budget=1e400')).body.error).toBe('The budget must be a number');
    expect((await as('get', '/api/ai-assistant/tontine-recommendations?budget=-3')).body.error).toBe('The budget must be a positive number');
    expect((await as('get', '/api/ai-assistant/tontine-recommendations?budget=5000')).status).toBe(200);
  });

  it('refuses every wrong payment to a merchant before anything is looked up', async () => {
    const words = (label: string) => (/huge|double/.test(label) ? /^The maximum payment is 5,000,000 RWF$/ : label === 'fraction beyond centimes' ? /./ : /^(The minimum payment is 100 RWF|Please enter an amount in whole francs)$/);
    await refusedEverywhere((amount) => request(t.handler).post('/api/pay/NOSUCHSHOP').send({ amount, phoneNumber: '+250788555101' }), words);
    const centimes = await request(t.handler).post('/api/pay/NOSUCHSHOP').send({ amount: 5000.5, phoneNumber: '+250788555101' });
    expect(centimes.body.error).toBe('Mobile money moves whole francs: please enter an amount without centimes.');
  });

  it('answers a chat message with a huge amount with the bounds, never a 500', async () => {
    for (const message of ['a loan of 99999999999999999999', 'monthly payment for 99999999999999999999 over 12 months', 'groups for a budget of 99999999999999999999']) {
      const res = await as('post', '/api/ai-assistant/chat').send({ message });
      expect(res.status, message).toBe(200);
      expect(res.body.response, message).not.toMatch(/\/[a-z]/);
    }
    const quote = await as('post', '/api/ai-assistant/chat').send({ message: 'monthly payment for 99999999999999999999 over 12 months' });
    expect(quote.body.response).toContain('A loan is between 10,000 RWF and 10,000,000 RWF.');
    expect(quote.body.links).toEqual([{ screen: 'loans', path: '/loans' }]);
  });
});
