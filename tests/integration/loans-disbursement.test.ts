/**
 * Loan disbursements against PostgreSQL through the real app: the attempt is stored (loan active,
 * ledger entry, pending row) before the provider is asked, so a callback that arrives before
 * `transfer` returns settles it; a failed one is reversed in the ledger, the loan is approved
 * again, and `loan-disbursement-retry` sends `<reference>-2` after the backoff; one whose callback
 * never came is confirmed by `payment-polling` (the same SettlePaymentReport → ConfirmLoanPayment path).
 * The ledger balances after each.
 */
import { RequestContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisburseLoan } from '../../core/loans/disburse-loan.ts';
import { Money } from '../../core/money/money.ts';
import { TOKENS } from '../../apps/container.ts';
import { JobRunner } from '../../apps/scheduler/job-runner.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { registerMember, type TestMember } from '../support/savings-journey.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { saveApprovedLoan } from '../support/approved-loan.ts';
import { FastCallbackMobileMoney } from '../support/fast-callback-mobile-money.ts';
import { LOAN_DISBURSEMENTS } from '../support/outgoing-transfers.ts';

let db: TestDatabase;
let t: TestApp;
const clock = new FakeClock(new Date('2026-06-01T08:00:00Z'));
const mobileMoney = new FastCallbackMobileMoney();
let borrower: TestMember;

const inContext = <T>(work: () => Promise<T>) => RequestContext.create(db.orm.em, work);
const runJob = (name: string) => t.container.get(JobRunner).runOnce(name);
const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);
const balance = async (account: string) =>
  Number((await sql<{ c: string }>(`select coalesce(sum(amount_centimes), 0)::text as c from ledger_postings where account_id = ?`, [account]))[0]?.c ?? 0);
const loanRow = async (id: string) => (await sql<{ status: string; disbursed_at: Date | null; schedule: unknown[] }>('select status, disbursed_at, schedule from loans where id = ?', [id]))[0];
const attempts = (loanId: string) =>
  sql<{ reference: string; attempt: number; status: string }>(`select reference, attempt, status from ${LOAN_DISBURSEMENTS} where loan_id = ? order by attempt`, [loanId]);

/** The whole ledger sums to zero, and the loan's receivable is what was really paid out. */
async function expectBooks(loanId: string, paidOutCentimes: number) {
  expect(Number((await sql<{ c: string }>('select coalesce(sum(amount_centimes), 0)::text as c from ledger_postings'))[0]?.c)).toBe(0);
  expect(await balance(`loan:${loanId}`)).toBe(paidOutCentimes);
}

const approvedLoan = () => inContext(() => saveApprovedLoan(t.container.get(TOKENS.LoanRepository), borrower.id, clock.now()));

const disburse = (loanId: string) => inContext(() => t.container.get(DisburseLoan).execute({ loanId }));

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db, { env: { PAYMENT_POLL_AFTER_SECONDS: '60' }, clock, mobileMoney });
  mobileMoney.attach(t);
  borrower = await registerMember(db, t, { email: 'ada@example.rw', firstName: 'Ada', language: 'en', phone: '+250788500001' });
});
afterAll(async () => {
  mobileMoney.inner.close();
  await db?.drop();
});

describe('loan disbursements', () => {
  it('are committed before the provider is asked: a callback arriving before transfer() returns settles it', async () => {
    mobileMoney.callback = 'SUCCESSFUL';
    const loanId = await approvedLoan();
    const disbursed = await disburse(loanId);
    expect(disbursed.ok && disbursed.value.status).toBe('active');
    const reference = `loan-disbursement:${loanId}`;
    expect(mobileMoney.callbackAnswers.at(-1)).toEqual({ reference, status: 200, body: { status: 'applied', paymentStatus: 'successful' } });
    expect(await attempts(loanId)).toEqual([{ reference, attempt: 1, status: 'successful' }]);
    expect((await loanRow(loanId))?.status).toBe('active');
    await expectBooks(loanId, 2_000_000);
  });

  it('a failure reverses the entry and puts the loan back to approved; the retry job sends <reference>-2 after the backoff', async () => {
    mobileMoney.callback = 'FAILED';
    const loanId = await approvedLoan();
    const reference = `loan-disbursement:${loanId}`;
    await disburse(loanId);
    expect(mobileMoney.callbackAnswers.at(-1)).toEqual({ reference, status: 200, body: { status: 'failed', paymentStatus: 'failed' } });
    expect(await loanRow(loanId)).toMatchObject({ status: 'approved', disbursed_at: null, schedule: [] });
    const entries = await sql<{ key: string }>('select key from journal_entries where key in (?, ?) order by key', [reference, `reversal:${reference}`]);
    expect(entries.map((e) => e.key)).toEqual([reference, `reversal:${reference}`]);
    await expectBooks(loanId, 0);

    mobileMoney.callback = 'SUCCESSFUL';
    expect(await runJob('loan-disbursement-retry')).toMatchObject({ outcome: 'ran', report: { retried: 0 } });
    clock.advance(5 * 60_000);
    expect(await runJob('loan-disbursement-retry')).toMatchObject({ outcome: 'ran', report: { retried: 1, givenUp: 0, errors: 0 } });
    expect(await runJob('loan-disbursement-retry')).toMatchObject({ outcome: 'ran', report: { retried: 0 } });
    expect(await attempts(loanId)).toEqual([
      { reference, attempt: 1, status: 'failed' },
      { reference: `${reference}-2`, attempt: 2, status: 'successful' },
    ]);
    const row = await loanRow(loanId);
    expect(row?.status).toBe('active');
    expect(new Date(row!.disbursed_at!).toISOString()).toBe(clock.now().toISOString());
    await expectBooks(loanId, 2_000_000);
  });

  it('one whose callback never came is confirmed by the polling job, through the same dispatch', async () => {
    mobileMoney.callback = 'none';
    const loanId = await approvedLoan();
    const reference = `loan-disbursement:${loanId}`;
    await disburse(loanId);
    expect(await attempts(loanId)).toEqual([{ reference, attempt: 1, status: 'pending' }]);
    await expectBooks(loanId, 2_000_000);
    await new Promise((resolve) => setTimeout(resolve, 60)); // the sandbox settles it at the provider
    clock.advance(61_000);
    expect(await runJob('payment-polling')).toMatchObject({ outcome: 'ran', report: { asked: 1, settled: 1, errors: 0 } });
    expect(await attempts(loanId)).toEqual([{ reference, attempt: 1, status: 'successful' }]);
    clock.advance(61_000);
    expect(await runJob('payment-polling')).toMatchObject({ report: { asked: 0 } });
    await expectBooks(loanId, 2_000_000);
  });

  it('a pending one the provider never received is re-sent under its same reference', async () => {
    const loanId = await approvedLoan();
    const reference = `loan-disbursement:${loanId}`;
    const transfer = mobileMoney.inner.transfer.bind(mobileMoney.inner);
    mobileMoney.inner.transfer = async () => ({ ok: false, error: 'mobile_money_unavailable' }) as never;
    const disbursed = await disburse(loanId);
    mobileMoney.inner.transfer = transfer;
    expect(disbursed.ok && disbursed.value.status).toBe('active');
    clock.advance(61_000);
    expect(await runJob('payment-polling')).toMatchObject({ outcome: 'ran', report: { resent: 1, errors: 0 } });
    expect(mobileMoney.sent.filter((r) => r === reference)).toHaveLength(2);
    expect(await attempts(loanId)).toEqual([{ reference, attempt: 1, status: 'pending' }]);
    await expectBooks(loanId, 2_000_000);
  });
});
