/**
 * `transfers list`: transfer attempts of every kind, and disputed provider reports, as an admin
 * reads them. The disputes are raised through ReconcilePayment, the path a verified callback and
 * the polling job take, with the provider deciding what the books contradict.
 * `transfers retry <id>`: an admin sends a failed or given-up transfer again now, audited.
 */
import { RequestContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../apps/tokens.ts';
import { DisburseLoan } from '../../core/loans/disburse-loan.ts';
import { Money } from '../../core/money/money.ts';
import type { MobileMoney } from '../../core/payments/ports.ts';
import { err, ok } from '../../core/shared/result.ts';
import { PostgresPaymentDisputes } from '../../adapters/postgres/postgres-payment-disputes.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { saveApprovedLoan } from '../support/approved-loan.ts';
import { registerMember } from '../support/savings-journey.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
let t: TestApp;

/** A provider that refuses transfers while `refusing`, and has never heard of anything. */
const refusal = { refusing: true };
const provider: MobileMoney = {
  requestToPay: async () => ok({ providerReference: 'collection' }),
  transfer: async (request) => (refusal.refusing ? err('mobile_money_refused') : ok({ providerReference: request.reference })),
  collectionStatus: async () => err('mobile_money_reference_unknown'),
  transferStatus: async () => err('mobile_money_reference_unknown'),
};

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db, { mobileMoney: provider });
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

  it('reads the statuses of core/transfers (given-up written with a dash), besides the former words', async () => {
    for (const status of ['requested', 'sent', 'completed', 'given-up', 'pending', 'successful']) {
      const listed = await runAdmin(t.container, 'transfers', 'list', '--status', status);
      expect([listed.code, listed.output]).toEqual([0, expect.stringContaining('0 transfer attempt(s)')]);
    }
  });
});

describe('transfers retry', () => {
  it('sends a failed loan disbursement again now as its next attempt, recorded with who asked; only once', async () => {
    const member = await registerMember(db, t, { email: 'kalisa@example.rw', firstName: 'Kalisa', language: 'en', phone: '+250788600001' });
    const loanId = await RequestContext.create(db.orm.em, () => saveApprovedLoan(t.container.get(TOKENS.LoanRepository), member.id, new Date()));
    const refused = await RequestContext.create(db.orm.em, () => t.container.get(DisburseLoan).execute({ loanId }));
    expect(refused).toEqual({ ok: false, error: 'mobile_money_refused' });

    const failed = await runAdmin(t.container, 'transfers', 'list', '--status', 'failed');
    expect(failed.output).toContain(`loan-disbursement:${loanId}`);
    expect(failed.output).toContain('1 transfer attempt(s)');
    const [row] = await db.orm.em.fork().execute<{ id: string }[]>('select id from outgoing_transfers where reference = ?', [`loan-disbursement:${loanId}`]);

    const missing = await runAdmin(t.container, 'transfers', 'retry');
    expect([missing.code, missing.output]).toEqual([2, expect.stringContaining('which transfer?')]);
    const wrong = await runAdmin(t.container, 'transfers', 'retry', 'not-an-id');
    expect([wrong.code, wrong.output]).toEqual([2, expect.stringContaining('the transfer id must be a UUID')]);

    refusal.refusing = false;
    const retried = await runAdmin(t.container, '--as', 'ops.desk', 'transfers', 'retry', row!.id);
    expect(retried.code).toBe(0);
    expect(retried.output).toContain(`loan-disbursement:${loanId}-2`);
    expect(retried.output).toContain('retried as attempt 2 (sent)');
    const audit = await db.orm.em.fork().execute<{ actor: string; subject: string }[]>(`select actor, subject from audit_log where action = 'transfer_retried'`);
    expect(audit).toEqual([{ actor: 'admin:ops.desk', subject: `transfer:${row!.id}` }]);
    const loan = await db.orm.em.fork().execute<{ status: string }[]>('select status from loans where id = ?', [loanId]);
    expect(loan).toEqual([{ status: 'active' }]);

    const again = await runAdmin(t.container, '--as', 'ops.desk', 'transfers', 'retry', row!.id);
    expect([again.code, again.output]).toEqual([1, expect.stringContaining('transfer_not_retryable')]);
    const pending = await runAdmin(t.container, 'transfers', 'list', '--status', 'pending');
    expect(pending.output).toContain('1 transfer attempt(s)');
  });
});
