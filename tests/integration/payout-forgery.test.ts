/**
 * Forged provider callbacks about a merchant's settlement payout (`STL-…`) or an agent's commission
 * payout (`COM-…`) move no money and no status: a callback is a claim, and only the provider's own
 * answer to the app's question (its status enquiry) is booked. The payments' forgery suite
 * (money-forgery.test.ts) mirrored for the two payout families, on both callback routes:
 *
 * - MTN's route (`/api/payments/callbacks/mtn` bare and `/{token}`, PUT and POST): forged bodies
 *   (SUCCESSFUL, FAILED, another amount, another currency) with no token, made-up tokens, the other
 *   payout's token (403 `callback_refused`, no question asked), and the payout's own token (the app
 *   asks the provider and answers what it said);
 * - Airtel's route (`/api/payments/callbacks/airtel/{secret}`): wrong secrets refused; the right one
 *   makes the app ask, and only the answer counts.
 *
 * Before the provider decides (the payouts go to numbers ending in 454, which the sandbox keeps
 * PENDING) nothing moves: ledger totals, journal entries, batch, payout, commission and transfer
 * statuses, disputes. The provider then pays the batch and fails the commission payout (its
 * callback lost): a forged FAILED about the paid batch and a forged SUCCESSFUL about the failed
 * payout book only what the provider said, once, and the payout is never sent a second time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../apps/container.ts';
import { PollPendingPayments } from '../../core/payment-reports/poll-pending-payments.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { callbackPath, expectBooksBalance, mtnCallback, phoneNumber, signUp, startMoneyApp, type MoneyApp } from '../support/money-books.ts';
import { booksOf } from '../support/provider-record.ts';
import { until } from '../support/until.ts';

const BARE = '/api/payments/callbacks/mtn';
let app: MoneyApp;
let airtelSecret: string;
let merchantId: string;
let agentId: string;
let batch: { reference: string; francs: number };
let payout: { reference: string; francs: number };

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => app.db.orm.em.fork().execute<T[]>(query, params);
const kigaliToday = () => new Date(app.clock.now().getTime() + 2 * 3_600_000).toISOString().slice(0, 10);

/** Everything a forgery must not move. */
async function books() {
  const [batches, payouts, commissions, transfers, entries, disputes] = await Promise.all([
    sql('select batch_reference, status, attempts from settlement_batches order by batch_reference'),
    sql('select reference, status, attempts from commission_payouts order by reference'),
    sql('select status, count(*)::int as n from agent_commissions group by status order by status'),
    sql('select reference, status from outgoing_transfers order by reference'),
    sql('select key from journal_entries order by key'),
    sql('select count(*)::int as n from payment_disputes'),
  ]);
  return { totals: (await booksOf(app.db)).totals, batches, payouts, commissions, transfers, entries, disputes };
}

const sentTimes = (reference: string) => app.provider.transferRequests.filter((r) => r === reference).length;

function forgedMtnBodies(target: { reference: string; francs: number }) {
  const francs = String(target.francs);
  return [
    { label: 'SUCCESSFUL', body: mtnCallback(target.reference, francs, 'SUCCESSFUL') },
    { label: 'FAILED', body: mtnCallback(target.reference, francs, 'FAILED', 'PAYEE_NOT_FOUND') },
    { label: 'SUCCESSFUL for ten times the amount', body: mtnCallback(target.reference, String(target.francs * 10), 'SUCCESSFUL') },
    { label: 'FAILED for another amount', body: mtnCallback(target.reference, '1', 'FAILED') },
    { label: 'SUCCESSFUL in EUR', body: { ...mtnCallback(target.reference, francs, 'SUCCESSFUL'), currency: 'EUR' } },
  ];
}

const forgedAirtelBodies = (reference: string) => [
  { label: 'TS', body: { transaction: { id: reference, message: 'Transaction Successful', status_code: 'TS', airtel_money_id: 'MP-FORGED' } } },
  { label: 'TF', body: { transaction: { id: reference, message: 'Transaction Failed', status_code: 'TF' } } },
];

/**
 * Posts every forgery about `target` on both routes: unsigned ones must be refused before any work,
 * signed ones (its own token, Airtel's secret) answered with `expected(body)` true. Answers how
 * many signed posts were made (each asks the provider).
 */
async function forge(target: { reference: string; francs: number }, other: { reference: string }, expected: (body: { status?: string }) => boolean): Promise<number> {
  const madeUp = (prefix: string) => `${BARE}/${prefix}${Buffer.from(`${target.reference}-guess`).toString('base64url').padEnd(43, 'A').slice(0, 43)}`;
  const mtnRoutes = [
    { label: 'no token', path: BARE, signed: false },
    { label: 'a made-up collection token', path: madeUp('c'), signed: false },
    { label: 'a made-up transfer token', path: madeUp('t'), signed: false },
    { label: 'the other payout’s token', path: callbackPath(app, 'transfer', other.reference), signed: false },
    { label: 'its own token', path: callbackPath(app, 'transfer', target.reference), signed: true },
  ];
  let signed = 0;
  for (const route of mtnRoutes) {
    for (const { label, body } of forgedMtnBodies(target)) {
      for (const method of ['put', 'post'] as const) {
        const answer = await app.http[method](route.path).send(body);
        const where = `MTN ${method.toUpperCase()} ${label} about ${target.reference} with ${route.label}: ${answer.status} ${JSON.stringify(answer.body)}`;
        if (!route.signed) expect([answer.status, answer.body.code], where).toEqual([403, 'callback_refused']);
        else {
          signed++;
          expect(answer.status, where).toBe(200);
          expect(expected(answer.body), where).toBe(true);
        }
      }
    }
  }
  for (const secret of ['not-the-secret-but-just-as-long-as-the-real-one', airtelSecret.slice(0, -1), '']) {
    for (const { label, body } of forgedAirtelBodies(target.reference)) {
      const answer = await app.http.post(`/api/payments/callbacks/airtel/${secret}`).send(body);
      expect([answer.status, answer.body.code], `Airtel ${label} about ${target.reference} with secret "${secret}"`).toEqual([403, 'callback_refused']);
    }
  }
  for (const { label, body } of forgedAirtelBodies(target.reference)) {
    const answer = await app.http.post(`/api/payments/callbacks/airtel/${airtelSecret}`).send(body);
    const where = `Airtel ${label} about ${target.reference} with the secret: ${answer.status} ${JSON.stringify(answer.body)}`;
    signed++;
    expect(answer.status, where).toBe(200);
    expect(expected(answer.body), where).toBe(true);
  }
  return signed;
}

beforeAll(async () => {
  app = await startMoneyApp();
  airtelSecret = app.container.get(TOKENS.AirtelCallbackSecret);
  // The agent's and the merchant's payout numbers end in 454: the sandbox holds their payouts PENDING until the test decides.
  const agent = await signUp(app, 'Agent', '+250788730454');
  agentId = (
    await app.http
      .post('/api/agents/register')
      .set('Authorization', `Bearer ${agent.token}`)
      .send({ agentCode: 'AG-F', agentType: 'individual', physicalAddress: 'KG 7 Ave', district: 'Kicukiro', phoneNumber: '+250788730454', email: 'agf@example.rw', serviceTerritories: ['Kicukiro'] })
  ).body.id;
  expect((await runAdmin(app.container, 'agents', 'accredit', agentId)).code).toBe(0);
  const owner = await signUp(app, 'Owner', '+250788731454');
  const registered = await app.http
    .post('/api/merchants/register')
    .set('Authorization', `Bearer ${owner.token}`)
    .send({ merchantCode: 'FORGE-1', businessName: 'Forgery Shop', merchantCategory: 'retail', businessAddress: 'KK 15 Rd, Gikondo', district: 'Kicukiro', phoneNumber: '+250788731454', email: 'f@example.rw', onboardedByAgentId: agentId });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  merchantId = registered.body.id;
  expect((await runAdmin(app.container, 'merchants', 'verify', merchantId)).code).toBe(0);

  // A customer pays 10,001 RWF; the provider's answer (asked by the polling job) completes it.
  const paid = await app.http.post('/api/pay/FORGE-1').send({ amount: 10_001, phoneNumber: phoneNumber(1) });
  expect(paid.status).toBe(202);
  const completed = await until(async () => {
    app.clock.advance(1_000); // the polling job asks about payments older than a moment
    await app.container.get(PollPendingPayments).execute({ pollAfterSeconds: 0 });
    return (await app.http.get(`/api/pay/payments/${paid.body.id as string}`)).body.status as string;
  }, (status) => status === 'completed');
  expect(completed).toBe('completed');

  app.clock.advance(1_000); // settled a moment after it completed: the week so far covers it
  const today = kigaliToday();
  expect((await runAdmin(app.container, 'settlements', 'create', '--from', today, '--to', today)).output).toContain('1 batch(es) created, 0 paid, 1 awaiting the provider, 0 failed.');
  expect((await runAdmin(app.container, 'commissions', 'payout', '--month', today.slice(0, 7))).output).toContain('1 payout(s) created, 0 paid, 1 awaiting the provider, 0 failed.');
  const [b] = await sql<{ batch_reference: string; payout_amount_centimes: string }>('select batch_reference, payout_amount_centimes from settlement_batches');
  const [p] = await sql<{ reference: string; payout_amount_centimes: string }>('select reference, payout_amount_centimes from commission_payouts');
  batch = { reference: b!.batch_reference, francs: Number(b!.payout_amount_centimes) / 100 };
  payout = { reference: p!.reference, francs: Number(p!.payout_amount_centimes) / 100 };
  expect(batch).toEqual({ reference: expect.stringMatching(/^STL-\d{8}-FORGE-1$/), francs: 9_800 });
  expect(payout).toEqual({ reference: expect.stringMatching(/^COM-/), francs: 50 });
}, 60_000);

afterAll(async () => {
  if (app) await expectBooksBalance(app);
  await app?.close();
});

describe('forged callbacks about settlement and commission payouts', () => {
  it('move nothing while the provider says PENDING: unsigned ones are refused, signed ones find it pending', async () => {
    const before = await books();
    expect(before.batches).toEqual([{ batch_reference: batch.reference, status: 'processing', attempts: 1 }]);
    expect(before.payouts).toEqual([{ reference: payout.reference, status: 'processing', attempts: 1 }]);
    const queries = app.provider.statusQueries.length;
    const signed = (await forge(batch, payout, (body) => body.status === 'pending')) + (await forge(payout, batch, (body) => body.status === 'pending'));
    expect(await books()).toEqual(before);
    // Only the signed posts asked the provider (the Airtel route asks as a collection first, then as a transfer).
    expect(app.provider.statusQueries.length - queries).toBeGreaterThanOrEqual(signed);
    expect(sentTimes(batch.reference)).toBe(1);
    expect(sentTimes(payout.reference)).toBe(1);
  });

  it('once the provider paid the batch and failed the payout, a forged word against it books only the provider’s, once', async () => {
    // The provider pays the batch (its callback comes) and fails the commission payout (its callback is lost).
    expect(app.sandbox.settle('transfer', batch.reference, 'SUCCESSFUL', { callback: false })).toBe(true);
    const genuine = await app.http.put(callbackPath(app, 'transfer', batch.reference)).send(mtnCallback(batch.reference, String(batch.francs), 'SUCCESSFUL'));
    expect([genuine.status, genuine.body.status]).toEqual([200, 'applied']);
    expect(app.sandbox.settle('transfer', payout.reference, 'FAILED', { reason: 'PAYEE_NOT_FOUND', callback: false })).toBe(true);
    const paid = await books();
    expect(paid.batches).toEqual([{ batch_reference: batch.reference, status: 'completed', attempts: 1 }]);
    expect(paid.payouts).toEqual([{ reference: payout.reference, status: 'processing', attempts: 1 }]);

    // A forged FAILED (or anything) about the paid batch: answered `exists`, nothing booked back.
    await forge(batch, payout, (body) => body.status === 'exists');
    expect(await books()).toEqual(paid);
    expect(await sql('select count(*)::int as n from journal_entries where key = ?', [`reversal:${batch.reference}`])).toEqual([{ n: 0 }]);

    // A forged SUCCESSFUL about the payout the provider failed: the provider's FAILED is what is booked.
    const answered: string[] = [];
    await forge(payout, batch, (body) => {
      answered.push(body.status!);
      return body.status === 'failed' || body.status === 'exists';
    });
    expect(answered.filter((status) => status === 'failed')).toHaveLength(1); // the first signed post applied the provider's word; the rest found it
    const failed = await books();
    expect(failed.payouts).toEqual([{ reference: payout.reference, status: 'failed', attempts: 1 }]);
    expect(failed.commissions).toEqual([{ status: 'pending', n: 1 }]); // owed to the agent again, not paid
    expect(failed.batches).toEqual(paid.batches);
    expect(await sql('select count(*)::int as n from journal_entries where key = ?', [`reversal:${payout.reference}`])).toEqual([{ n: 1 }]);
    const accountOf = (account: string) => failed.totals.get(account) ?? 0;
    expect(accountOf(`agent_commission:${agentId}`)).toBe(-5_000); // booked back: the 50 RWF are owed again
    expect(accountOf(`merchant_payable:${merchantId}`)).toBe(-98); // the batch paid: only the carried fraction stays
    expect(failed.disputes).toEqual([{ n: 0 }]);

    // Nothing is paid again on a forgery: a second attempt only on the admin's retry.
    app.clock.advance(10 * 60_000);
    for (const job of ['payment-polling', 'transfer-retry']) expect((await runAdmin(app.container, 'jobs', 'run', job)).code).toBe(0);
    expect(sentTimes(batch.reference)).toBe(1);
    expect(sentTimes(payout.reference)).toBe(1);
    expect(app.provider.transferRequests.filter((r) => /^(STL|COM)-/.test(r))).toEqual([batch.reference, payout.reference]);
    expect(await books()).toEqual(failed);
  });
});
