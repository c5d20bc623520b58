/**
 * `transfers list`: transfer attempts of every kind, and disputed provider reports, as an admin
 * reads them. The disputes are raised through ReconcilePayment, the path a verified callback and
 * the polling job take, with the provider deciding what the books contradict.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../core/money/money.ts';
import { PostgresPaymentDisputes } from '../../adapters/postgres/postgres-payment-disputes.ts';
import { runAdmin } from '../support/admin-cli.ts';
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

describe('transfers list', () => {
  it('lists disputed reports once each, newest first, and validates its options', async () => {
    const disputes = new PostgresPaymentDisputes(db.orm.em.fork());
    const dispute = {
      reference: 'payout:0b6f7c1e-0000-4000-8000-000000000001:1',
      direction: 'transfer' as const,
      problem: 'contradicts_books' as const,
      reportedStatus: 'successful' as const,
      reportedAmount: Money.ofFrancs(20_000),
      reportedCurrency: 'RWF',
      providerTransactionId: '987654321',
      reason: undefined,
      raisedAt: new Date('2026-11-20T08:00:00Z'),
    };
    expect(await disputes.raise(dispute)).toBe('raised');
    // The same report asked about again raises nothing new.
    expect(await disputes.raise({ ...dispute, raisedAt: new Date('2026-11-20T09:00:00Z') })).toBe('exists');
    expect(await disputes.raise({ ...dispute, reference: 'loan-repayment:x', direction: 'collection', problem: 'amount_mismatch', raisedAt: new Date('2026-11-21T08:00:00Z') })).toBe('raised');

    const listed = await runAdmin(t.container, 'transfers', 'list', '--status', 'disputed');
    expect(listed.code).toBe(0);
    expect(listed.output).toContain('2 disputed report(s)');
    expect(listed.output.indexOf('loan-repayment:x')).toBeLessThan(listed.output.indexOf('payout:0b6f7c1e'));
    expect(listed.output).toContain('contradicts_books');
    expect(listed.output).toContain('20000.00 RWF');

    const empty = await runAdmin(t.container, 'transfers', 'list', '--status', 'failed');
    expect([empty.code, empty.output]).toEqual([0, expect.stringContaining('0 transfer attempt(s)')]);
    const wrong = await runAdmin(t.container, 'transfers', 'list', '--status', 'lost');
    expect([wrong.code, wrong.output]).toEqual([2, expect.stringContaining('status must be one of pending, successful, failed, disputed')]);
  });
});
