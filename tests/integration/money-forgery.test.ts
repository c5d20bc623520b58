/**
 * Issue 11, the forgery suite: no callback moves money until the provider confirms it.
 *
 * Every callback route (`/api/payments/callbacks/mtn` bare and `/{token}`, PUT and POST) is posted
 * forged bodies (SUCCESSFUL, FAILED, another amount, another currency) for every kind of reference
 * (contribution payment, loan repayment, savings withdrawal, loan disbursement, group payout): with
 * no token, a made-up token, the token of another payment, and the payment's own token, before the
 * provider decided (it says PENDING) and after, in orders drawn from a seed (MONEY_SEED to replay
 * one; printed in the messages). After each phase the ledger equals a replay of the provider's own
 * record (tests/support/provider-record.ts), no status moved that the provider did not move, no
 * dispute was raised by a forged body, and every transfer was asked of the provider once (a second
 * attempt only after the provider said the first failed). The five forgeries of the issue are
 * reproduced by name, and one variant runs in MTN mode against the fake MTN server, with the
 * callback URLs MTN was really given, checking that the app asked MTN.
 *
 * Everyone's phone ends in 454, the sandbox's "stays pending" number: the provider decides each
 * payment only when a test says so (`decide`), as the provider would.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestContext } from '@mikro-orm/core';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisburseLoan } from '../../core/loans/disburse-loan.ts';
import { PayContribution } from '../../core/contributions/pay-contribution.ts';
import type { PaymentDirection } from '../../core/payments/ports.ts';
import { TOKENS } from '../../apps/container.ts';
import { JobRunner } from '../../apps/scheduler/job-runner.ts';
import { fakeMtnMomoEnv, startFakeMtnMomo, type FakeMtnMomo } from '../fakes/mtn-momo-server.ts';
import { saveApprovedLoan } from '../support/approved-loan.ts';
import { FakeClock } from '../support/fake-clock.ts';
import {
  activeGroup,
  callbackPath,
  contributionsOf,
  expectBooksBalance,
  mtnCallback,
  pay,
  providerRecordOf,
  referenceOf,
  signUp,
  startMoneyApp,
  statusCounts,
  type Member,
  type MoneyApp,
} from '../support/money-books.ts';
import { expectBooksEqualProviderRecord } from '../support/provider-record.ts';
import { contributionsOf as journeyContributions, registerMember, runningTontine, type TestMember } from '../support/savings-journey.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { LOAN_DISBURSEMENTS, SAVINGS_PAYMENTS } from '../support/outgoing-transfers.ts';

const SEED = Number(process.env.MONEY_SEED ?? Date.now() % 2 ** 31);
const BARE = '/api/payments/callbacks/mtn';

let app: MoneyApp;
let phones = 0;
/** A Rwandan number the sandbox keeps PENDING until the provider is made to decide it. */
const pendingPhone = () => `+25078${String(++phones).padStart(4, '0')}454`;

const sql = <T>(query: string, params: unknown[] = []) => app.db.orm.em.fork().execute<T[]>(query, params);
const inContext = <T>(work: () => Promise<T>) => RequestContext.create(app.db.orm.em, work);
const runJob = (name: string) => app.container.get(JobRunner).runOnce(name);

type Kind = 'contribution' | 'loan repayment' | 'withdrawal' | 'loan disbursement' | 'payout';

interface Target {
  kind: Kind;
  direction: PaymentDirection;
  reference: string;
  francs: number;
}

const DIRECTION: Record<Kind, PaymentDirection> = {
  contribution: 'collection',
  'loan repayment': 'collection',
  withdrawal: 'transfer',
  'loan disbursement': 'transfer',
  payout: 'transfer',
};

/** The provider decides the payment now (no callback of its own: the test plays it, or drops it). */
function decide(target: Pick<Target, 'direction' | 'reference'>, status: 'SUCCESSFUL' | 'FAILED'): void {
  const settled = app.sandbox.settle(target.direction, target.reference, status, { reason: status === 'FAILED' ? 'NOT_ENOUGH_FUNDS' : undefined, callback: false });
  expect(settled, `the provider decides ${target.reference}`).toBe(true);
}

/** The provider's real callback: its own word, at the payment's own URL. */
async function genuineCallback(target: Pick<Target, 'direction' | 'reference'>) {
  const truth = await providerRecordOf(app, target.direction, target.reference);
  if (truth === 'unknown' || truth.status === 'pending') throw new Error(`no final answer for ${target.reference}`);
  const body = mtnCallback(target.reference, String(truth.centimes / 100), truth.status === 'successful' ? 'SUCCESSFUL' : 'FAILED', 'NOT_ENOUGH_FUNDS');
  const answer = await app.http.put(callbackPath(app, target.direction, target.reference)).send(body);
  expect(answer.status, `genuine callback of ${target.reference}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer;
}

const record = (direction: PaymentDirection, reference: string) => providerRecordOf(app, direction, reference);
const expectBooksEqualProvider = (message: string) => expectBooksEqualProviderRecord(app.db, 'sandbox', record, `${message} (seed ${SEED})`);

/** Every status a payment, contribution, loan or loan payment has: what a forgery must not move. */
async function statuses() {
  const [payments, contributions, loans, collections, disbursements] = await Promise.all([
    sql<{ reference: string; status: string }>(`select reference, status from ${SAVINGS_PAYMENTS} order by reference`),
    sql<{ id: string; status: string }>('select id, status from contributions order by id'),
    sql<{ id: string; status: string; paid: string }>('select id, status, total_paid_centimes::text as paid from loans order by id'),
    sql<{ reference: string; status: string }>('select reference, status from loan_collections order by reference'),
    sql<{ reference: string; status: string }>(`select reference, status from ${LOAN_DISBURSEMENTS} order by reference`),
  ]);
  return { payments, contributions, loans, collections, disbursements };
}

const disputes = async () => Number((await sql<{ n: string }>('select count(*)::text as n from payment_disputes'))[0]!.n);
const sentTimes = (reference: string) => app.provider.transferRequests.filter((r) => r === reference).length;

// ---- the five kinds of reference, made through the real app ------------------------------------

async function member(name: string): Promise<Member> {
  return signUp(app, name, pendingPhone());
}

/** A contribution payment the provider has not decided (a group of two: the other never pays). */
async function contributionPayment(): Promise<Target> {
  const [payer, other] = [await member('Payer'), await member('Other')];
  const groupId = await activeGroup(app, [payer!, other!], 5000);
  const owed = (await contributionsOf(app, groupId)).find((c) => c.member_id === payer!.id && c.cycle === 1)!;
  const paid = await pay(app, payer!, owed.id);
  expect(paid.status).toBe(202);
  return { kind: 'contribution', direction: 'collection', reference: await referenceOf(app, paid.body.id), francs: 5000 };
}

/** An approved loan of 20,000 RWF for a new member, booked and sent (its transfer undecided). */
async function disbursedLoan(): Promise<{ borrower: Member; loanId: string; disbursement: Target }> {
  const borrower = await member('Borrower');
  const loans = app.container.get(TOKENS.LoanRepository);
  const disbursement = app.container.get(DisburseLoan);
  const loanId = await inContext(() => saveApprovedLoan(loans, borrower.id, app.clock.now()));
  const disbursed = await inContext(() => disbursement.execute({ loanId }));
  expect(disbursed.ok && disbursed.value.status).toBe('active');
  return { borrower, loanId, disbursement: { kind: 'loan disbursement', direction: 'transfer', reference: `loan-disbursement:${loanId}`, francs: 20_000 } };
}

/** A request to repay a loan's whole balance (its disbursement confirmed by the provider). */
async function loanRepayment(): Promise<Target & { loanId: string }> {
  const { borrower, loanId, disbursement } = await disbursedLoan();
  decide(disbursement, 'SUCCESSFUL');
  await genuineCallback(disbursement);
  const started = await app.http.post(`/api/loans/${loanId}/repayments`).set('Authorization', `Bearer ${borrower.token}`).set('Idempotency-Key', 'repay-all').send({ scope: 'balance' });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return { kind: 'loan repayment', direction: 'collection', reference: started.body.reference as string, francs: Number(started.body.amount), loanId };
}

/** 4,000 RWF withdrawn from personal savings of 10,000 RWF (the deposit confirmed by the provider). */
async function withdrawal(): Promise<Target> {
  const saver = await member('Saver');
  const groupId = await activeGroup(app, [saver], 10_000);
  const [owed] = await contributionsOf(app, groupId);
  const deposit = await referenceOf(app, (await pay(app, saver, owed!.id)).body.id);
  decide({ direction: 'collection', reference: deposit }, 'SUCCESSFUL');
  await genuineCallback({ direction: 'collection', reference: deposit });
  const withdrawn = await app.http.post(`/api/tontines/${groupId}/withdraw`).set('Authorization', `Bearer ${saver.token}`).set('Idempotency-Key', 'w1').send({ amount: 4000 });
  expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(202);
  const reference = await referenceOf(app, withdrawn.body.id);
  expect(reference).toBe(`withdrawal:${saver.id}:w1`);
  return { kind: 'withdrawal', direction: 'transfer', reference, francs: 4000 };
}

/** Cycle 1 of a group of two paid (both confirmed by the provider): its payout `payout:<groupId>:1`, undecided. */
async function payout(): Promise<Target & { groupId: string }> {
  const members = [await member('Ada'), await member('Ben')];
  const groupId = await activeGroup(app, members, 3000);
  for (const c of (await contributionsOf(app, groupId)).filter((row) => row.cycle === 1)) {
    const reference = await referenceOf(app, (await pay(app, members.find((m) => m.id === c.member_id)!, c.id)).body.id);
    decide({ direction: 'collection', reference }, 'SUCCESSFUL');
    await genuineCallback({ direction: 'collection', reference });
  }
  const reference = `payout:${groupId}:1`;
  expect(await sql<{ status: string }>(`select status from ${SAVINGS_PAYMENTS} where reference = ?`, [reference])).toEqual([{ status: 'pending' }]);
  expect(sentTimes(reference)).toBe(1);
  return { kind: 'payout', direction: 'transfer', reference, francs: 6000, groupId };
}

// ---- forged posts ---------------------------------------------------------------------------------

interface Forgery {
  label: string;
  method: 'put' | 'post';
  path: string;
  body: object;
  /** The payment's own token: the app asks the provider; anything else is refused before any work. */
  signed: boolean;
}

function forgedBodies(target: Target): { label: string; body: object }[] {
  const francs = String(target.francs);
  return [
    { label: 'SUCCESSFUL', body: mtnCallback(target.reference, francs, 'SUCCESSFUL') },
    { label: 'FAILED', body: mtnCallback(target.reference, francs, 'FAILED', 'PAYER_NOT_FOUND') },
    { label: 'SUCCESSFUL for ten times the amount', body: mtnCallback(target.reference, String(target.francs * 10), 'SUCCESSFUL') },
    { label: 'FAILED for another amount', body: mtnCallback(target.reference, '1', 'FAILED') },
    { label: 'SUCCESSFUL in EUR', body: { ...mtnCallback(target.reference, francs, 'SUCCESSFUL'), currency: 'EUR' } },
  ];
}

/** Every route and token a forger could use, with every forged body, for this payment. */
function forgeries(target: Target, another: Target): Forgery[] {
  const madeUp = (prefix: string) => `${BARE}/${prefix}${Buffer.from(`${target.reference}-guess`).toString('base64url').padEnd(43, 'A').slice(0, 43)}`;
  const routes: { label: string; path: string; signed: boolean }[] = [
    { label: 'no token', path: BARE, signed: false },
    { label: 'a made-up collection token', path: madeUp('c'), signed: false },
    { label: 'a made-up transfer token', path: madeUp('t'), signed: false },
    { label: 'a short token', path: `${BARE}/t`, signed: false },
    { label: `the token of another payment (${another.kind})`, path: callbackPath(app, another.direction, another.reference), signed: false },
    { label: 'its own token', path: callbackPath(app, target.direction, target.reference), signed: true },
  ];
  return routes.flatMap((route) =>
    forgedBodies(target).flatMap(({ label, body }) =>
      (['put', 'post'] as const).map((method) => ({ label: `${method.toUpperCase()} ${label} with ${route.label}`, method, path: route.path, body, signed: route.signed })),
    ),
  );
}

/** Posts them in a seeded order; a refused one must answer 403 callback_refused, a signed one 200. */
async function post(list: readonly Forgery[], salt: number, expectSigned: (body: { status?: string }) => boolean) {
  const order = fc.sample(fc.shuffledSubarray([...list], { minLength: list.length, maxLength: list.length }), { seed: SEED + salt, numRuns: 1 })[0]!;
  const refusedBefore = app.logs.filter((l) => l.msg.startsWith('mobile-money callback refused')).length;
  for (const forgery of order) {
    const answer = await app.http[forgery.method](forgery.path).send(forgery.body);
    const where = `${forgery.label} (seed ${SEED}): ${answer.status} ${JSON.stringify(answer.body)}`;
    if (forgery.signed) {
      expect(answer.status, where).toBe(200);
      expect(expectSigned(answer.body), where).toBe(true);
    } else expect([answer.status, answer.body.code], where).toEqual([403, 'callback_refused']);
  }
  // Each refusal is logged, with its running count.
  const refused = app.logs.filter((l) => l.msg.startsWith('mobile-money callback refused')).length - refusedBefore;
  expect(refused).toBe(order.filter((f) => !f.signed).length);
}

beforeAll(async () => {
  app = await startMoneyApp();
}, 30_000);

afterAll(async () => {
  if (app) await expectBooksBalance(app);
  await app?.close();
});

describe('every route, every kind of reference, forged before and after the provider decides', () => {
  it(`books only the provider's word, in seeded orders (seed ${SEED})`, async () => {
    const outcomes = { SUCCESSFUL: 'SUCCESSFUL', FAILED: 'FAILED' } as const;
    const targets: (Target & { decision: 'SUCCESSFUL' | 'FAILED' })[] = [];
    for (const decision of Object.values(outcomes)) {
      targets.push({ ...(await contributionPayment()), decision });
      targets.push({ ...(await loanRepayment()), decision });
      targets.push({ ...(await withdrawal()), decision });
      targets.push({ ...(await disbursedLoan()).disbursement, decision });
      targets.push({ ...(await payout()), decision });
    }
    expect(targets.map((t) => t.kind)).toEqual(expect.arrayContaining(Object.keys(DIRECTION)));
    await expectBooksEqualProvider('set up');
    const queriesBefore = app.provider.statusQueries.length;

    // Before the provider decides: everything is refused or, signed, finds it PENDING.
    const untouched = await statuses();
    for (const [i, target] of targets.entries()) {
      await post(forgeries(target, targets[(i + 1) % targets.length]!), i, (body) => body.status === 'pending');
    }
    expect(await statuses(), `seed ${SEED}`).toEqual(untouched);
    await expectBooksEqualProvider('after the forgeries while the provider says PENDING');
    expect(await disputes()).toBe(0);
    // The signed ones made the app ask the provider (two per body, PUT and POST); the others did no work.
    expect(app.provider.statusQueries.length - queriesBefore).toBe(targets.length * forgedBodies(targets[0]!).length * 2);

    // The provider decides; its real callback arrives for some (seeded), is lost for others.
    const drops = fc.sample(fc.array(fc.boolean(), { minLength: targets.length, maxLength: targets.length }), { seed: SEED, numRuns: 1 })[0]!;
    for (const [i, target] of targets.entries()) {
      decide(target, target.decision);
      if (!drops[i]) await genuineCallback(target);
    }

    // After: still refused, or (signed) answered with what the provider said.
    for (const [i, target] of targets.entries()) {
      await post(forgeries(target, targets[(i + 3) % targets.length]!), 100 + i, (body) =>
        target.decision === 'SUCCESSFUL' ? ['applied', 'exists'].includes(body.status!) : ['failed', 'exists'].includes(body.status!),
      );
    }
    await expectBooksEqualProvider('after the forgeries once the provider decided');
    expect(await disputes()).toBe(0);
    const now = await statuses();
    for (const target of targets) {
      const status = target.decision === 'SUCCESSFUL' ? 'successful' : 'failed';
      if (target.kind === 'loan repayment') expect(now.collections.find((c) => c.reference === target.reference)?.status).toBe(target.decision === 'SUCCESSFUL' ? 'succeeded' : 'failed');
      else if (target.kind === 'loan disbursement') expect(now.disbursements.find((d) => d.reference === target.reference)?.status).toBe(status);
      else expect(now.payments.find((p) => p.reference === target.reference)?.status, target.reference).toBe(status);
    }

    // The retry jobs, after every backoff: a transfer goes again only where the provider said it failed.
    app.clock.advance(10 * 60_000);
    for (const job of ['payment-polling', 'payout-retry', 'loan-disbursement-retry', 'payout-due']) expect(await runJob(job)).toMatchObject({ outcome: 'ran' });
    for (const target of targets.filter((t) => t.direction === 'transfer')) {
      expect(sentTimes(target.reference), `${target.reference} (seed ${SEED})`).toBe(1);
      expect(sentTimes(`${target.reference}-2`), `${target.reference}-2 (seed ${SEED})`).toBe(target.decision === 'FAILED' ? 1 : 0);
    }
    // Every new attempt is pending at the provider; nothing else moved.
    await expectBooksEqualProvider('after the retry jobs');
  });
});

describe('malformed forged bodies', () => {
  it('answer 4xx on every route (never 500) and change nothing; under its own token a readable one is only a hint', async () => {
    const target = await contributionPayment();
    const before = { statuses: await statuses(), queries: app.provider.statusQueries.length };
    const bodies: (string | object)[] = [
      { ...mtnCallback(target.reference, '5000', 'SUCCESSFUL'), externalId: `${target.reference}\u0000` },
      { ...mtnCallback(target.reference, '5000', 'SUCCESSFUL'), externalId: 'x'.repeat(20_000) },
      { ...mtnCallback(target.reference, '5000', 'SUCCESSFUL'), amount: '-5000' },
      { ...mtnCallback(target.reference, '5000', 'SUCCESSFUL'), amount: '1e400' },
      { ...mtnCallback(target.reference, '5000', 'SUCCESSFUL'), status: 'PENDING\u0000' },
      { externalId: target.reference },
      [mtnCallback(target.reference, '5000', 'SUCCESSFUL')],
      '{"externalId":',
    ];
    const paths = [BARE, callbackPath(app, 'collection', target.reference), `${BARE}/${'%00'.repeat(20)}`, `${BARE}/${'c'.repeat(5000)}`];
    let asked = 0;
    for (const body of bodies) {
      for (const path of paths) {
        for (const method of ['put', 'post'] as const) {
          const sent = app.http[method](path);
          const answer = typeof body === 'string' ? await sent.set('Content-Type', 'application/json').send(body) : await sent.send(body);
          const where = `${method} ${path.slice(0, 80)} ${JSON.stringify(body).slice(0, 80)}: ${answer.status} ${JSON.stringify(answer.body)}`;
          // Refused (4xx), or, under the payment's own token with a body that still reads as MTN's
          // resource (a negative amount: the body's amount is never used), a hint: the provider is asked.
          if (answer.status === 200) {
            expect(path, where).toBe(paths[1]);
            expect(answer.body, where).toEqual({ status: 'pending', paymentStatus: 'pending' });
            asked++;
          } else expect(answer.status >= 400 && answer.status < 500, where).toBe(true);
        }
      }
    }
    expect(await statuses()).toEqual(before.statuses);
    expect(app.provider.statusQueries.length - before.queries).toBe(asked);
    await expectBooksEqualProvider('after malformed bodies');
  });
});

describe('the five forgeries of the issue', () => {
  it('a contribution is not marked paid while the provider says PENDING, nor after it says FAILED; the cycle is not paid out', async () => {
    const target = await contributionPayment();
    const before = await statuses();
    const forged = mtnCallback(target.reference, '5000', 'SUCCESSFUL');
    expect((await app.http.post(BARE).send(forged)).status).toBe(403);
    expect((await app.http.put(BARE).send(forged)).status).toBe(403);
    // Even a post carrying the payment's own token only makes the app ask: PENDING.
    expect((await app.http.put(callbackPath(app, 'collection', target.reference)).send(forged)).body).toEqual({ status: 'pending', paymentStatus: 'pending' });
    expect(await statuses()).toEqual(before);
    await expectBooksEqualProvider('contribution forged while pending');

    decide(target, 'FAILED');
    expect((await genuineCallback(target)).body).toMatchObject({ status: 'failed' });
    for (const method of ['put', 'post'] as const) {
      expect((await app.http[method](callbackPath(app, 'collection', target.reference)).send(forged)).body.status).not.toBe('applied');
      expect((await app.http[method](BARE).send(forged)).status).toBe(403);
    }
    const [row] = await sql<{ status: string }>('select c.status from contributions c join payments p on p.contribution_id = c.id where p.reference = ?', [target.reference]);
    expect(row?.status).toBe('pending');
    expect(await sql(`select 1 from ${SAVINGS_PAYMENTS} where kind = ? and tontine_id = (select tontine_id from ${SAVINGS_PAYMENTS} where reference = ?)`, ['payout', target.reference])).toEqual([]);
    await expectBooksEqualProvider('contribution forged after FAILED');
  });

  it('a loan is not marked repaid when nothing was paid', async () => {
    const target = await loanRepayment();
    const forged = mtnCallback(target.reference, String(target.francs), 'SUCCESSFUL');
    for (const path of [BARE, callbackPath(app, 'collection', target.reference)]) {
      for (const method of ['put', 'post'] as const) await app.http[method](path).send(forged);
    }
    decide(target, 'FAILED');
    for (const path of [BARE, callbackPath(app, 'collection', target.reference)]) {
      for (const method of ['put', 'post'] as const) await app.http[method](path).send(forged);
    }
    const [loan] = await sql<{ status: string; paid: string }>('select status, total_paid_centimes::text as paid from loans where id = ?', [target.loanId]);
    expect(loan).toEqual({ status: 'active', paid: '0' });
    expect(await sql('select status from loan_collections where reference = ?', [target.reference])).toEqual([{ status: 'failed' }]);
    await expectBooksEqualProvider('loan repayment forged');
  });

  it('a loan is not disbursed twice by a forged FAILED, before or after the real answer', async () => {
    const { loanId, disbursement: target } = await disbursedLoan();
    const forged = mtnCallback(target.reference, '20000', 'FAILED', 'PAYEE_NOT_FOUND');
    expect((await app.http.put(BARE).send(forged)).status).toBe(403);
    expect((await app.http.post(callbackPath(app, 'transfer', target.reference)).send(forged)).body.status).toBe('pending');
    decide(target, 'SUCCESSFUL');
    expect((await app.http.put(callbackPath(app, 'transfer', target.reference)).send(forged)).body).toEqual({ status: 'applied', paymentStatus: 'successful' });
    expect((await app.http.put(callbackPath(app, 'transfer', target.reference)).send(forged)).body.status).toBe('exists');
    app.clock.advance(3 * 60 * 60_000);
    for (const job of ['payment-polling', 'loan-disbursement-retry']) await runJob(job);
    expect(app.provider.transferRequests.filter((r) => r.startsWith(target.reference))).toEqual([target.reference]);
    expect(await sql(`select reference, status from ${LOAN_DISBURSEMENTS} where loan_id = ?`, [loanId])).toEqual([{ reference: target.reference, status: 'successful' }]);
    expect(await sql('select 1 from journal_entries where key = ?', [`reversal:${target.reference}`])).toEqual([]);
    await expectBooksEqualProvider('disbursement forged FAILED');
  });

  it('a withdrawal is not paid twice by a forged FAILED', async () => {
    const target = await withdrawal();
    const forged = mtnCallback(target.reference, '4000', 'FAILED', 'PAYEE_NOT_FOUND');
    expect((await app.http.post(BARE).send(forged)).status).toBe(403);
    expect((await app.http.put(callbackPath(app, 'transfer', target.reference)).send(forged)).body.status).toBe('pending');
    decide(target, 'SUCCESSFUL');
    await genuineCallback(target);
    for (const method of ['put', 'post'] as const) expect((await app.http[method](callbackPath(app, 'transfer', target.reference)).send(forged)).body.status).toBe('exists');
    app.clock.advance(3 * 60 * 60_000);
    for (const job of ['payment-polling', 'payout-retry']) await runJob(job);
    expect(app.provider.transferRequests.filter((r) => r.startsWith(target.reference))).toEqual([target.reference]);
    expect(await sql(`select reference, status from ${SAVINGS_PAYMENTS} where reference like ?`, [`${target.reference}%`])).toEqual([{ reference: target.reference, status: 'successful' }]);
    await expectBooksEqualProvider('withdrawal forged FAILED');
  });

  it('a payout is not paid twice by an anonymous FAILED for payout:<groupId>:1 before the real answer', async () => {
    const target = await payout();
    const forged = mtnCallback(`payout:${target.groupId}:1`, '6000', 'FAILED', 'PAYEE_NOT_FOUND');
    // No account, no token: the forger knows only the group's id.
    for (const method of ['put', 'post'] as const) expect((await app.http[method](BARE).send(forged)).body.code).toBe('callback_refused');
    // Even with the payout's own token, the provider still says PENDING: nothing is reversed.
    expect((await app.http.put(callbackPath(app, 'transfer', target.reference)).send(forged)).body.status).toBe('pending');
    app.clock.advance(10 * 60_000);
    for (const job of ['payout-retry', 'payout-due']) await runJob(job);
    expect(sentTimes(target.reference)).toBe(1);
    decide(target, 'SUCCESSFUL');
    await genuineCallback(target);
    expect((await app.http.post(callbackPath(app, 'transfer', target.reference)).send(forged)).body.status).toBe('exists');
    app.clock.advance(3 * 60 * 60_000);
    for (const job of ['payment-polling', 'payout-retry', 'payout-due']) await runJob(job);
    expect(app.provider.transferRequests.filter((r) => r.startsWith(target.reference))).toEqual([target.reference]);
    expect(await sql(`select reference, status from ${SAVINGS_PAYMENTS} where kind = ? and tontine_id = ?`, ['payout', target.groupId])).toEqual([{ reference: target.reference, status: 'successful' }]);
    await expectBooksEqualProvider('payout forged FAILED');
  });
});

describe('in MTN mode, against the fake MTN server', () => {
  let db: TestDatabase;
  let mtn: FakeMtnMomo;
  let t: TestApp;
  let server: Server;
  const clock = new FakeClock(new Date('2026-06-01T08:00:00Z'));
  let members: TestMember[];
  let tontineId: string;
  const mtnSql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);

  beforeAll(async () => {
    db = await createTestDatabase();
    mtn = await startFakeMtnMomo({ currency: 'RWF', settleMs: 20 });
    // The app listens first, so that MTN can be given its real callback URL.
    let handler: TestApp['handler'] | undefined;
    server = createServer((req, res) => void handler!(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = createTestApp(db, {
      clock,
      env: {
        ...fakeMtnMomoEnv(mtn),
        MOBILE_MONEY_CALLBACK_URL: `${base}${BARE}`,
        MOBILE_MONEY_CALLBACK_SECRET: 'forgery-test-secret-of-at-least-32-characters',
        PAYMENT_POLL_AFTER_SECONDS: '120',
      },
    });
    handler = t.handler;
    members = [
      await registerMember(db, t, { email: 'ama@example.rw', firstName: 'Ama', language: 'en', phone: '+250788700001' }),
      await registerMember(db, t, { email: 'bea@example.rw', firstName: 'Bea', language: 'en', phone: '+250788700002' }),
    ];
    tontineId = await runningTontine(db, t, members, { name: 'Forged', amount: '3000', frequency: 'weekly' });
  });
  afterAll(async () => {
    await mtn?.stop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await db?.drop();
  });

  const mtnRecord = async (direction: PaymentDirection, reference: string) => {
    const payment = mtn.payments.find((p) => p.product === (direction === 'collection' ? 'collection' : 'disbursement') && p.resource.externalId === reference);
    if (!payment) return 'unknown' as const;
    const status = payment.resource.status === 'SUCCESSFUL' ? ('successful' as const) : payment.resource.status === 'FAILED' ? ('failed' as const) : ('pending' as const);
    return { status, centimes: Math.round(Number(payment.resource.amount) * 100), currency: payment.resource.currency };
  };
  const mtnPayment = (reference: string) => mtn.payments.find((p) => p.resource.externalId === reference)!;
  const statusGets = (referenceId: string, product = 'collection/v1_0/requesttopay') => mtn.count('GET', `/${product}/${referenceId}`);

  async function startPayment(member: TestMember, cycle: number, msisdn: string, key: string): Promise<string> {
    const contribution = (await journeyContributions(db, tontineId)).find((c) => c.member_id === member.id && c.cycle === cycle)!;
    const paid = await RequestContext.create(db.orm.em, () =>
      t.container.get(PayContribution).execute({ contributionId: contribution.id, userId: member.id, idempotencyKey: key, provider: 'mtn', msisdn }),
    );
    if (!paid.ok) throw new Error(`pay: ${paid.error}`);
    return paid.value.attempt.providerReference;
  }

  it(`refuses unsigned posts, and books a signed one only as MTN's status answer says (seed ${SEED})`, async () => {
    const [ama, bea] = members as [TestMember, TestMember];
    // Ama pays from MTN's "stays pending" number; Bea's payment succeeds and MTN calls back by itself.
    const amaRef = await startPayment(ama, 1, '+46733123454', 'ama-1');
    const beaRef = await startPayment(bea, 1, '+250788700002', 'bea-1');
    await mtn.waitForCallbacks(1);
    const ama1 = mtnPayment(amaRef);
    const bea1 = mtnPayment(beaRef);
    expect(ama1.callbackUrl).toMatch(/\/api\/payments\/callbacks\/mtn\/c[A-Za-z0-9_-]{43}$/);
    expect(mtn.callbacks.map((c) => [c.url, c.answeredStatus])).toEqual([[bea1.callbackUrl, 200]]);
    // Bea's callback made the app ask MTN before booking it.
    expect(statusGets(bea1.referenceId)).toBe(1);
    const booksAfterBea = () => expectBooksEqualProviderRecord(db, 'mtn', mtnRecord, `MTN mode (seed ${SEED})`);
    await booksAfterBea();

    const forged = { ...ama1.resource, status: 'SUCCESSFUL', financialTransactionId: '1' };
    const unsigned = [`${new URL(ama1.callbackUrl!).origin}${BARE}`, ama1.callbackUrl!.replace(/.{6}$/, 'AAAAAA'), bea1.callbackUrl!];
    for (const url of unsigned) {
      for (const method of ['PUT', 'POST']) {
        const answer = await fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(forged) });
        expect([url, method, answer.status, ((await answer.json()) as { code: string }).code]).toEqual([url, method, 403, 'callback_refused']);
      }
    }
    expect(statusGets(ama1.referenceId)).toBe(0);

    // Signed (Ama's own URL) but forged while MTN says PENDING: the app asks MTN, books nothing.
    for (const method of ['PUT', 'POST']) {
      const answer = await fetch(ama1.callbackUrl!, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(forged) });
      expect([answer.status, await answer.json()]).toEqual([200, { status: 'pending', paymentStatus: 'pending' }]);
    }
    expect(statusGets(ama1.referenceId)).toBe(2);
    expect(await mtnSql(`select status from ${SAVINGS_PAYMENTS} where reference = ?`, [amaRef])).toEqual([{ status: 'pending' }]);
    await booksAfterBea();

    // MTN decides FAILED and calls back; a forged SUCCESSFUL afterwards changes nothing.
    mtn.settle('collection', ama1.referenceId, 'FAILED', 'NOT_ENOUGH_FUNDS');
    await mtn.waitForCallbacks(2);
    expect(mtn.callbacks[1]).toMatchObject({ url: ama1.callbackUrl, answeredStatus: 200 });
    const late = await fetch(ama1.callbackUrl!, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(forged) });
    expect((await late.json()) as object).toMatchObject({ paymentStatus: 'failed' });
    expect(statusGets(ama1.referenceId)).toBe(4);
    expect(await mtnSql(`select status from ${SAVINGS_PAYMENTS} where reference = ?`, [amaRef])).toEqual([{ status: 'failed' }]);
    expect((await mtnSql<{ status: string }>('select status from contributions where member_id = ? and cycle = 1 and tontine_id = ?', [ama.id, tontineId]))[0]?.status).toBe('pending');
    await booksAfterBea();

    // Ama pays again and MTN confirms: the cycle completes and the payout is sent, once; a forged
    // FAILED at the payout's own URL after MTN's SUCCESSFUL is not believed, so nothing is sent again.
    const amaAgain = await startPayment(ama, 1, '+250788700001', 'ama-2');
    await mtn.waitForCallbacks(4);
    const payoutRef = `payout:${tontineId}:1`;
    const transfer = mtn.payments.find((p) => p.product === 'disbursement' && p.resource.externalId === payoutRef)!;
    expect(transfer.callbackUrl).toMatch(/\/api\/payments\/callbacks\/mtn\/t[A-Za-z0-9_-]{43}$/);
    expect(mtn.callbacks.slice(2).map((c) => c.answeredStatus)).toEqual([200, 200]);
    expect(await mtnSql(`select reference, status from ${SAVINGS_PAYMENTS} where reference in (?, ?) order by reference`, [amaAgain, payoutRef])).toEqual(
      [
        { reference: amaAgain, status: 'successful' },
        { reference: payoutRef, status: 'successful' },
      ].sort((a, b) => a.reference.localeCompare(b.reference)),
    );
    const forgedFailure = { ...transfer.resource, status: 'FAILED', reason: 'PAYEE_NOT_FOUND' };
    for (const url of [`${new URL(transfer.callbackUrl!).origin}${BARE}`, transfer.callbackUrl!]) {
      await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(forgedFailure) });
    }
    expect(statusGets(transfer.referenceId, 'disbursement/v1_0/transfer')).toBe(2);
    clock.advance(3 * 60 * 60_000);
    for (const job of ['payment-polling', 'payout-retry', 'payout-due']) await t.container.get(JobRunner).runOnce(job);
    expect(mtn.count('POST', '/disbursement/v1_0/transfer')).toBe(1);
    expect(await mtnSql('select 1 from journal_entries where key like ?', ['reversal:%'])).toEqual([]);
    expect(await mtnSql('select count(*)::text as n from payment_disputes')).toEqual([{ n: '0' }]);
    await expectBooksEqualProviderRecord(db, 'mtn', mtnRecord, `MTN mode at the end (seed ${SEED})`);
    expect(statusCounts(mtn.callbacks.map((c) => c.answeredStatus ?? 0))).toEqual({ 200: 4 });
  });
});
