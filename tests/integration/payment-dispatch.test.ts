/**
 * Money leaving and coming back, against PostgreSQL through the real app: a payout is stored
 * before its transfer is asked for, so even a callback that arrives before `transfer` returns
 * finds it; a failed payout is booked back by a reversal and retried by the `payout-retry` job
 * under `<reference>-2`; loan repayments settle through the same callback route and polling job
 * (one dispatch point); the polling job asks every pending payment in turn.
 */
import { RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisburseLoan } from '../../core/loans/disburse-loan.ts';
import { StartLoanRepayment } from '../../core/loans/start-loan-repayment.ts';
import { Money } from '../../core/money/money.ts';
import { SettlePaymentReport } from '../../core/payment-reports/settle-payment-report.ts';
import { JobRunner } from '../../apps/scheduler/job-runner.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { contributionsOf, registerMember, runningTontine, startContributionPayment, successfulReport, type TestMember } from '../support/savings-journey.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { saveApprovedLoan } from '../support/approved-loan.ts';
import { TOKENS } from '../../apps/container.ts';
import { FastCallbackMobileMoney } from '../support/fast-callback-mobile-money.ts';
import { SAVINGS_PAYMENTS } from '../support/outgoing-transfers.ts';

let db: TestDatabase;
let t: TestApp;
const clock = new FakeClock(new Date('2026-06-01T08:00:00Z'));
const mobileMoney = new FastCallbackMobileMoney();
let members: TestMember[];
let tontineId: string;

const inContext = <T>(work: () => Promise<T>) => RequestContext.create(db.orm.em, work);
const runJob = (name: string) => t.container.get(JobRunner).runOnce(name);
const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);
const poolBalance = async (id: string) => Number((await sql<{ c: string }>(`select coalesce(sum(amount_centimes), 0)::text as c from ledger_postings where account_id = ?`, [`pool:${id}`]))[0]?.c ?? 0);

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db, { env: { PAYMENT_POLL_AFTER_SECONDS: '60' }, clock, mobileMoney });
  mobileMoney.attach(t);
  members = [
    await registerMember(db, t, { email: 'ada@example.rw', firstName: 'Ada', language: 'en', phone: '+250788500001' }),
    await registerMember(db, t, { email: 'ben@example.rw', firstName: 'Ben', language: 'fr', phone: '+250788500002' }),
  ];
  tontineId = await runningTontine(db, t, members, { name: 'Umurava', amount: '4000', frequency: 'weekly' });
});
afterAll(async () => {
  mobileMoney.inner.close();
  await db?.drop();
});

describe('payout transfers', () => {
  it('are committed before the provider is asked: a callback arriving before transfer() returns settles it (no 404)', async () => {
    mobileMoney.callback = 'FAILED';
    const cycle1 = (await contributionsOf(db, tontineId)).filter((c) => c.cycle === 1);
    for (const c of cycle1) {
      const reference = await startContributionPayment(db, t, members, c);
      const settled = await inContext(() => t.container.get(SettlePaymentReport).execute(successfulReport(reference, 4000)));
      expect(settled).toMatchObject({ ok: true, value: { outcome: 'applied' } });
    }
    const reference = `payout:${tontineId}:1`;
    expect(mobileMoney.callbackAnswers).toEqual([{ reference, status: 200, body: { status: 'failed', paymentStatus: 'failed' } }]);
  });

  it('a failed payout is booked back by a reversal entry and its retry is scheduled; the pot is in the pool again', async () => {
    const reference = `payout:${tontineId}:1`;
    const [row] = await sql<{ status: string; retry_at: Date | null; attempt: number }>(`select status, retry_at, attempt from ${SAVINGS_PAYMENTS} where reference = ?`, [reference]);
    expect(row).toMatchObject({ status: 'failed', attempt: 1 });
    expect(new Date(row!.retry_at!).toISOString()).toBe(new Date(clock.now().getTime() + 5 * 60_000).toISOString());
    const entries = await sql<{ key: string; reverses_id: string | null }>('select key, reverses_id from journal_entries where key in (?, ?)', [reference, `reversal:${reference}`]);
    expect(entries.map((e) => e.key).sort()).toEqual([reference, `reversal:${reference}`]);
    expect(await poolBalance(tontineId)).toBe(-800_000); // credits are negative: the pool holds 8,000 RWF
    // The rotation moved on once; only the transfer is due again.
    expect((await sql<{ current_cycle: number }>('select current_cycle from tontines where id = ?', [tontineId]))[0]?.current_cycle).toBe(2);
  });

  it('the payout-retry job sends it again after the backoff under <reference>-2, once, and the pool ends at zero', async () => {
    mobileMoney.callback = 'SUCCESSFUL';
    expect(await runJob('payout-retry')).toMatchObject({ outcome: 'ran', report: { retried: 0 } });
    clock.advance(5 * 60_000);
    expect(await runJob('payout-retry')).toMatchObject({ outcome: 'ran', report: { retried: 1, givenUp: 0 } });
    expect(await runJob('payout-retry')).toMatchObject({ outcome: 'ran', report: { retried: 0 } });
    const rows = await sql<{ reference: string; status: string; attempt: number; transfer_reference: string }>(
      `select reference, status, attempt, transfer_reference from ${SAVINGS_PAYMENTS} where kind = 'payout' order by attempt`,
    );
    expect(rows).toEqual([
      { reference: `payout:${tontineId}:1`, status: 'failed', attempt: 1, transfer_reference: `payout:${tontineId}:1` },
      { reference: `payout:${tontineId}:1-2`, status: 'successful', attempt: 2, transfer_reference: `payout:${tontineId}:1` },
    ]);
    expect(await poolBalance(tontineId)).toBe(0);
  });
});

describe('loan payments through the one dispatch point', () => {
  let loanId: string;
  let reference: string;

  it('a repayment whose callback was lost is confirmed by the polling job', async () => {
    const borrower = members[1]!;
    const loans = t.container.get(TOKENS.LoanRepository);
    const disbursement = t.container.get(DisburseLoan);
    loanId = '7d6f3a52-3c1b-4a8e-9d2f-1a2b3c4d5e6f';
    await inContext(async () => {
      await saveApprovedLoan(loans, borrower.id, clock.now(), loanId);
      const disbursed = await disbursement.execute({ loanId });
      expect(disbursed.ok).toBe(true);
      const started = await t.container.get(StartLoanRepayment).execute({ memberId: borrower.id, loanId, scope: 'instalment', idempotencyKey: 'repay-1' });
      if (!started.ok) throw new Error(started.error);
      reference = started.value.collection.reference;
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    clock.advance(61_000);
    const run = await runJob('payment-polling');
    expect(run).toMatchObject({ outcome: 'ran', report: { settled: 1, errors: 0 } });
    expect((await sql<{ status: string }>('select status from loan_collections where reference = ?', [reference]))[0]?.status).toBe('succeeded');
    expect(await sql('select 1 from loan_repayments where loan_id = ?', [loanId])).toHaveLength(1);
    // Asked again: nothing is pending, nothing is booked twice.
    clock.advance(61_000);
    expect(await runJob('payment-polling')).toMatchObject({ report: { asked: 0 } });
  });

  it('the callback route confirms loan references too, on the provider’s word: a repeat is `exists` whatever amount the body claims, an unsigned post 403', async () => {
    const [collection] = await sql<{ amount_centimes: string }>('select amount_centimes::text from loan_collections where reference = ?', [reference]);
    const amount = String(Number(collection!.amount_centimes) / 100);
    const path = new URL(t.container.get(TOKENS.CallbackTokens).urlFor('collection', reference)).pathname;
    const repeat = await request(t.handler).put(path).send({ externalId: reference, amount, currency: 'RWF', status: 'SUCCESSFUL' });
    expect([repeat.status, repeat.body]).toEqual([200, { status: 'exists', paymentStatus: 'successful' }]);
    // The body's amount is only a claim: the provider's answer (the amount asked) is what counts.
    const other = await request(t.handler).put(path).send({ externalId: reference, amount: '1', currency: 'RWF', status: 'FAILED' });
    expect([other.status, other.body]).toEqual([200, { status: 'exists', paymentStatus: 'successful' }]);
    const unsigned = await request(t.handler).put('/api/payments/callbacks/mtn').send({ externalId: reference, amount, currency: 'RWF', status: 'SUCCESSFUL' });
    expect([unsigned.status, unsigned.body.code]).toEqual([403, 'callback_refused']);
    expect(await sql('select 1 from loan_repayments where loan_id = ?', [loanId])).toHaveLength(1);
  });
});

describe('fair polling', () => {
  it('asks every pending payment in turn: 250 stuck payments are all asked within two batches of 200', async () => {
    const stuck = 250;
    await sql(
      `insert into payments (id, kind, provider, reference, member_id, tontine_id, amount_centimes, phone_number, status, created_at)
       select gen_random_uuid(), 'contribution', 'sandbox', 'stuck-' || n, ?, ?, 100, '+250788500001', 'pending', ?::timestamptz - (n || ' seconds')::interval
       from generate_series(1, ?) n`,
      [members[0]!.id, tontineId, clock.now().toISOString(), stuck],
    );
    const payments = t.container.get(TOKENS.PaymentRepository);
    const before = new Date(clock.now().getTime() + 1000);
    const first = await inContext(() => payments.listPendingOlderThan(before, 200, clock.now()));
    clock.advance(60_000);
    const second = await inContext(() => payments.listPendingOlderThan(before, 200, clock.now()));
    const asked = new Set([...first, ...second].map((p) => p.reference).filter((r) => r.startsWith('stuck-')));
    expect(asked.size).toBe(stuck);
    // The oldest come first among those never asked; the second batch starts with the 50 not asked yet.
    expect(first[0]?.reference).toBe(`stuck-${stuck}`);
    expect(second.filter((p) => !first.some((f) => f.reference === p.reference)).length).toBeGreaterThanOrEqual(50);
  });
});
