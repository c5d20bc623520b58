/**
 * A verified national ID unlocks loans: the same member, the same application, refused with
 * `identity_not_verified` before the verification and decided after it (core/loans reads
 * `users.nida_verified` through MemberCreditRecords). The savings the limit needs are made through
 * the real savings journey with the embedded mobile-money sandbox.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxApp, type SandboxApp } from '../support/sandbox-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';

let db: TestDatabase;
let app: SandboxApp;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startSandboxApp(db, { mobileMoney: (sandbox) => sandbox });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe('loans after national ID verification', () => {
  it('refuses a loan before the member verifies their ID and decides it after', async () => {
    const phone = '+250788765432';
    const registered = await request(app.handler).post('/api/auth/register').send({ email: 'eric@example.rw', password: 'correct horse', firstName: 'Eric', lastName: 'Nsengimana', phone });
    expect(registered.status).toBe(201);
    const as = (method: 'get' | 'post', path: string) => request(app.handler)[method](path).set('Authorization', `Bearer ${registered.body.token as string}`);

    // 40,000 RWF of savings: a limit of 20,000.
    const savings = await as('post', '/api/tontines').send({ name: 'My savings', description: 'Saving for a loan', contributionAmount: 40_000, frequency: 'monthly', maxMembers: 1 });
    expect(savings.status).toBe(201);
    const owed = ((await as('get', '/api/contributions/user')).body as { id: string; tontineId: string }[]).find((c) => c.tontineId === savings.body.id)!;
    const paid = await as('post', `/api/contributions/${owed.id}/pay`).set('Idempotency-Key', `save-${owed.id}`).send({});
    expect(paid.status).toBe(202);
    await until(() => as('get', `/api/payments/${paid.body.id}`), (r) => r.body.status === 'successful');

    const form = { amount: 20_000, termMonths: 6, purpose: 'Stock for my grocery shop' };
    const apply = async (key: string) => {
      const facts = await as('post', '/api/loans/key-facts').send(form);
      expect(facts.status).toBe(201);
      return as('post', '/api/loans').set('Idempotency-Key', key).send({ ...form, keyFactsId: facts.body.id, acceptKeyFacts: true, scoringConsent: true });
    };

    const before = await apply('before');
    expect([before.status, before.body.code]).toEqual([403, 'identity_not_verified']);
    expect(before.body.error).toBe('A loan needs a verified national ID: please verify yours first (Dashboard, Verification tab).');

    const verified = await as('post', '/api/nida/verify-nida').send({ idNumber: '1200180000003003', phoneNumber: phone, firstName: 'Eric', lastName: 'Nsengimana' });
    expect([verified.status, verified.body.message]).toEqual([200, 'NIDA verification successful']);

    const after = await apply('after');
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    // Within the limit, and the verified identity counts in the score: approved at once and disbursed.
    expect(['approved', 'active']).toContain(after.body.status);
    expect(after.body.decisionReason).toMatch(/^Approved: 20,000 RWF is within your available limit/);
  });
});
