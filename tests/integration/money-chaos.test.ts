/**
 * Issue 11, the chaos test: about 200 payments (contributions of 40 groups, personal savings
 * deposits, loan repayments) and 50-odd transfers (payouts of the cycles they complete,
 * withdrawals, loan disbursements and their retries), while the provider is sometimes down, loses
 * its replies or is slow (ChaoticMobileMoney), decides each payment a few rounds after it took it,
 * and its callbacks are dropped, repeated, delayed and shuffled among forged ones (unsigned, under
 * another payment's token, or signed with a body the provider never said). The polling and retry
 * jobs run between rounds, the fake clock moving 15 minutes a round, until nothing is pending.
 *
 * Then: every payment is final; the ledger balances and equals a replay of the provider's own
 * record (every successful collection booked once into its pool or loan, every transfer booked,
 * and reversed exactly when the provider says it failed); every transfer attempt reached the
 * provider at most once and a next attempt only after the provider said the previous one failed;
 * no forged post was believed and none raised a dispute.
 *
 * Everything random is drawn from one seed (MONEY_SEED to replay one), printed in every message.
 * Everyone's phone ends in 454, the sandbox's "stays pending" number: the provider decides a
 * payment only when this test makes it.
 */
import { RequestContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisburseLoan } from '../../core/loans/disburse-loan.ts';
import type { PaymentDirection } from '../../core/payments/ports.ts';
import { TOKENS } from '../../apps/container.ts';
import { JobRunner } from '../../apps/scheduler/job-runner.ts';
import { saveApprovedLoan } from '../support/approved-loan.ts';
import { ChaoticMobileMoney, previousAttempt, seededStream, type AcceptedPayment } from '../support/chaotic-mobile-money.ts';
import {
  activeGroup,
  callbackPath,
  contributionsOf,
  expectBooksBalance,
  mtnCallback,
  pay,
  providerRecordOf,
  signUp,
  startMoneyApp,
  statusCounts,
  type Member,
  type MoneyApp,
} from '../support/money-books.ts';
import { expectBooksEqualProviderRecord } from '../support/provider-record.ts';
import { LOAN_DISBURSEMENTS, SAVINGS_PAYMENTS } from '../support/outgoing-transfers.ts';

const SEED = Number(process.env.MONEY_SEED ?? Date.now() % 2 ** 31);
const BARE = '/api/payments/callbacks/mtn';
const MEMBERS = 24;
const GROUPS = 40;
const GROUP_SIZE = 4;
const SAVERS = 30;
const WITHDRAWALS = 20;
const LOANS = 15;
const MAX_ROUNDS = 60;
const CHAOS = { down: 0.06, lostReply: 0.08, slow: 0.1, maxDelayMs: 30 };
/** The provider's own verdicts: a collection the payer refuses, a transfer to a wallet that fails. */
const FAIL_RATE: Record<PaymentDirection, number> = { collection: 0.05, transfer: 0.15 };

let app: MoneyApp;
let chaos: ChaoticMobileMoney;
const members: Member[] = [];

/** The test's own seeded stream (the provider's stream is the chaos provider's). */
const plan = seededStream(SEED + 1);
let cursor = 0;
const draw = () => plan[cursor++ % plan.length]!;
const pick = <T>(list: readonly T[]): T => list[Math.floor(draw() * list.length)]!;
const shuffle = <T>(list: readonly T[]): T[] =>
  list
    .map((item) => ({ item, key: draw() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

const sql = <T>(query: string, params: unknown[] = []) => app.db.orm.em.fork().execute<T[]>(query, params);
const inContext = <T>(work: () => Promise<T>) => RequestContext.create(app.db.orm.em, work);
const runJob = (name: string) => app.container.get(JobRunner).runOnce(name);
const msg = (text: string) => `${text} (seed ${SEED}; MONEY_SEED=${SEED} to replay)`;

/** In chunks of `size` at once: concurrent, but not a thousand sockets. */
async function inChunks<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

// ---- the provider's decisions and its callbacks, played by the test -------------------------------

interface Post {
  label: string;
  method: 'put' | 'post';
  path: string;
  body: object;
  signed: boolean;
  genuine: boolean;
}

const decided = new Set<string>();
const decideAt = new Map<string, number>();
/** Callbacks waiting for their round (delayed ones), by round. */
const queued = new Map<number, Post[]>();
const answers: { post: Post; status: number; body: { status?: string; code?: string } }[] = [];

const keyOf = (p: Pick<AcceptedPayment, 'direction' | 'reference'>) => `${p.direction}:${p.reference}`;
const enqueue = (round: number, post: Post) => queued.set(round, [...(queued.get(round) ?? []), post]);

/** The provider decides what it took a few rounds ago; its callback is dropped, sent, repeated or delayed. */
function decideDue(round: number): void {
  for (const payment of chaos.accepted) {
    const key = keyOf(payment);
    if (decided.has(key)) continue;
    if (!decideAt.has(key)) decideAt.set(key, round + Math.floor(draw() * 3));
    if (decideAt.get(key)! > round) continue;
    const status = draw() < FAIL_RATE[payment.direction] ? 'FAILED' : 'SUCCESSFUL';
    expect(app.sandbox.settle(payment.direction, payment.reference, status, { reason: status === 'FAILED' ? 'NOT_ENOUGH_FUNDS' : undefined, callback: false }), msg(key)).toBe(true);
    decided.add(key);
    if (draw() < 0.25) continue; // lost, as MTN loses callbacks
    const body = mtnCallback(payment.reference, String(payment.amount.toWholeFrancs()), status, 'NOT_ENOUGH_FUNDS');
    const copies = 1 + Math.floor(draw() * 3);
    for (let c = 0; c < copies; c++) {
      const delay = draw() < 0.3 ? 1 + Math.floor(draw() * 2) : 0;
      enqueue(round + delay, { label: `genuine ${status} for ${key}`, method: draw() < 0.8 ? 'put' : 'post', path: callbackPath(app, payment.direction, payment.reference), body, signed: true, genuine: true });
    }
  }
}

/** A forger's posts about payments it can name: unsigned, under another's token, or signed with a body the provider never said. */
function forge(count: number): Post[] {
  if (chaos.accepted.length < 2) return [];
  return Array.from({ length: count }, () => {
    const target = pick(chaos.accepted);
    const other = pick(chaos.accepted.filter((p) => p !== target));
    const francs = target.amount.toWholeFrancs();
    const body = pick([
      mtnCallback(target.reference, String(francs), 'SUCCESSFUL'),
      mtnCallback(target.reference, String(francs), 'FAILED', 'PAYEE_NOT_FOUND'),
      mtnCallback(target.reference, String(francs * 10), 'SUCCESSFUL'),
      { ...mtnCallback(target.reference, String(francs), 'SUCCESSFUL'), currency: 'EUR' },
    ]);
    const route = pick([
      { label: 'no token', path: BARE, signed: false },
      { label: 'a made-up token', path: `${BARE}/${target.direction === 'collection' ? 'c' : 't'}${'Zz09_-'.repeat(8).slice(0, 43)}`, signed: false },
      { label: "another payment's token", path: callbackPath(app, other.direction, other.reference), signed: false },
      { label: 'its own token', path: callbackPath(app, target.direction, target.reference), signed: true },
    ]);
    return { label: `forged ${JSON.stringify(body).slice(0, 60)} with ${route.label} for ${keyOf(target)}`, method: pick(['put', 'post'] as const), path: route.path, body, signed: route.signed, genuine: false };
  });
}

async function send(posts: readonly Post[]): Promise<void> {
  await inChunks(shuffle(posts), 25, async (post) => {
    const answer = await app.http[post.method](post.path).send(post.body);
    answers.push({ post, status: answer.status, body: answer.body });
  });
}

async function stillOpen(): Promise<number> {
  const [row] = await sql<{ n: string }>(
    `select ((select count(*) from ${SAVINGS_PAYMENTS} where status = 'pending' or retry_at is not null)
          + (select count(*) from loan_collections where status = 'requested')
          + (select count(*) from ${LOAN_DISBURSEMENTS} where status = 'pending' or retry_at is not null))::text as n`,
  );
  return Number(row!.n);
}

/** Rounds of the provider deciding, callbacks arriving and the jobs running, until nothing is pending. */
async function untilSettled(): Promise<number> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    decideDue(round);
    await send([...(queued.get(round) ?? []), ...forge(15)]);
    queued.delete(round);
    app.clock.advance(15 * 60_000);
    for (const job of ['payment-polling', 'payout-retry', 'loan-disbursement-retry', 'payout-due']) {
      const ran = await runJob(job);
      expect(ran.outcome, msg(job)).toBe('ran');
      if (ran.outcome === 'ran') expect(ran.report.errors ?? 0, msg(`${job} errors in round ${round}`)).toBe(0);
    }
    const undecided = chaos.accepted.filter((p) => !decided.has(keyOf(p))).length;
    if ((await stillOpen()) === 0 && undecided === 0 && [...queued.keys()].every((r) => r <= round)) return round;
  }
  const open = await sql(
    `select kind, reference, status, retry_at from ${SAVINGS_PAYMENTS} where status = 'pending' or retry_at is not null
     union all select 'loan collection', reference, status, null from loan_collections where status = 'requested'
     union all select 'disbursement', reference, status, retry_at from ${LOAN_DISBURSEMENTS} where status = 'pending' or retry_at is not null`,
  );
  const undecided = chaos.accepted.filter((p) => !decided.has(keyOf(p)));
  throw new Error(msg(`still pending after ${MAX_ROUNDS} rounds: ${JSON.stringify(open)}, undecided ${JSON.stringify(undecided.map(keyOf))}`));
}

// ---- the payments ------------------------------------------------------------------------------------

beforeAll(async () => {
  app = await startMoneyApp({
    between: (scripted) => (chaos = new ChaoticMobileMoney(scripted, 'sandbox', SEED, CHAOS)),
  });
  for (let n = 0; n < MEMBERS; n++) members.push(await signUp(app, 'Chaos', `+25078${String(n + 1).padStart(4, '0')}454`));
}, 60_000);

afterAll(async () => {
  if (app) await expectBooksBalance(app);
  await app?.close();
});

describe('200 payments and 50 transfers through a provider having a bad day', () => {
  it(`end final, balanced and equal to the provider's record (seed ${SEED})`, async () => {
    // Groups of four from 24 members (each in several groups), and personal savings.
    const groups = await inChunks(Array.from({ length: GROUPS }, (_, g) => g), 10, (g) =>
      activeGroup(app, [0, 5, 11, 17].map((offset) => members[(g + offset) % MEMBERS]!), 1000 + 100 * (g % 7)),
    );
    const savings = await inChunks(Array.from({ length: SAVERS }, (_, s) => s), 10, async (s) => ({ saver: members[s % MEMBERS]!, groupId: await activeGroup(app, [members[s % MEMBERS]!], 10_000) }));
    const owed = (await Promise.all([...groups, ...savings.map((s) => s.groupId)].map((id) => contributionsOf(app, id)))).flat().filter((c) => c.cycle === 1);
    expect(owed).toHaveLength(GROUPS * GROUP_SIZE + SAVERS);

    // Wave 1: every contribution and deposit paid at once (some requests never reach the provider,
    // some replies are lost: the app answers 503 and the payment stays pending), and loans disbursed.
    const paid = await inChunks(shuffle(owed), 20, (c) => pay(app, members.find((m) => m.id === c.member_id)!, c.id));
    expect(Object.keys(statusCounts(paid.map((p) => p.status))).every((s) => ['202', '503'].includes(s)), msg(JSON.stringify(statusCounts(paid.map((p) => p.status))))).toBe(true);
    const loanRepository = app.container.get(TOKENS.LoanRepository);
    const disbursement = app.container.get(DisburseLoan);
    const loans = await inChunks(Array.from({ length: LOANS }, (_, l) => members[(l * 7) % MEMBERS]!), 5, async (borrower) => {
      const loanId = await inContext(() => saveApprovedLoan(loanRepository, borrower.id, app.clock.now()));
      const disbursed = await inContext(() => disbursement.execute({ loanId }));
      expect(disbursed.ok, msg(`disburse ${loanId}: ${JSON.stringify(disbursed)}`)).toBe(true);
      return { borrower, loanId };
    });
    const firstRounds = await untilSettled();

    // Wave 2: withdrawals from savings the provider confirmed, and a repayment of each active loan.
    const deposited = await sql<{ tontine_id: string }>(
      `select p.tontine_id from payments p join tontines t on t.id = p.tontine_id where p.kind = 'contribution' and p.status = 'successful' and t.max_members = 1`,
    );
    const withdrawFrom = savings.filter((s) => deposited.some((d) => d.tontine_id === s.groupId)).slice(0, WITHDRAWALS);
    const withdrawn = await inChunks(withdrawFrom, 10, ({ saver, groupId }) =>
      app.http.post(`/api/tontines/${groupId}/withdraw`).set('Authorization', `Bearer ${saver.token}`).set('Idempotency-Key', `chaos-${groupId}`).send({ amount: 4000 }),
    );
    expect(withdrawn.map((w) => w.status).every((s) => s === 202), msg(JSON.stringify(statusCounts(withdrawn.map((w) => w.status))))).toBe(true);
    const active = await sql<{ id: string }>(`select id from loans where status = 'active'`);
    const repaid = await inChunks(
      loans.filter((l) => active.some((a) => a.id === l.loanId)),
      10,
      ({ borrower, loanId }) => app.http.post(`/api/loans/${loanId}/repayments`).set('Authorization', `Bearer ${borrower.token}`).set('Idempotency-Key', `chaos-${loanId}`).send({ scope: 'instalment' }),
    );
    expect(repaid.map((r) => r.status).every((s) => s === 202 || s === 503), msg(JSON.stringify(repaid.map((r) => [r.status, r.body.code])))).toBe(true);
    const lastRounds = await untilSettled();

    // How much happened: the sizes the test promises, and the chaos it went through.
    const [collections] = await sql<{ n: string }>(`select ((select count(*) from payments where kind = 'contribution') + (select count(*) from loan_collections))::text as n`);
    const transfers = await sql<{ reference: string; attempt: number }>(
      `select reference, attempt from ${SAVINGS_PAYMENTS} where kind <> 'contribution' union all select reference, attempt from ${LOAN_DISBURSEMENTS}`,
    );
    const summary = `${collections!.n} collections, ${transfers.length} transfer attempts (${transfers.filter((t) => t.attempt === 1).length} first), rounds ${firstRounds + 1}+${lastRounds + 1}, provider ${JSON.stringify(chaos.counts)}, answers ${JSON.stringify(statusCounts(answers.map((a) => a.status)))}`;
    console.info(`money-chaos seed ${SEED}: ${summary}`);
    expect(Number(collections!.n), msg(summary)).toBeGreaterThanOrEqual(200);
    expect(transfers.filter((t) => t.attempt === 1).length, msg(summary)).toBeGreaterThanOrEqual(50);

    // Every payment final, every decision of the provider reconciled.
    expect(await stillOpen(), msg(summary)).toBe(0);
    await expectBooksBalance(app);
    await expectBooksEqualProviderRecord(app.db, 'sandbox', (direction, reference) => providerRecordOf(app, direction, reference), msg('ledger against the provider'));

    // Whatever the provider took, the app knows (no payment was made that the books do not hold).
    const known = new Set([
      ...(await sql<{ reference: string }>(`select reference from ${SAVINGS_PAYMENTS}`)).map((r) => r.reference),
      ...(await sql<{ reference: string }>('select reference from loan_collections')).map((r) => r.reference),
      ...transfers.map((t) => t.reference),
    ]);
    expect(chaos.accepted.filter((p) => !known.has(p.reference)), msg('taken by the provider, unknown to the app')).toEqual([]);

    // Each attempt reached the provider at most once; a next attempt only after the provider said the last failed.
    expect([...chaos.received].filter(([, times]) => times > 1), msg('requests that reached the provider twice')).toEqual([]);
    expect(chaos.violations, msg('transfers sent again without the provider saying failed')).toEqual([]);
    for (const t of transfers.filter((x) => x.attempt > 1)) {
      const before = await providerRecordOf(app, 'transfer', previousAttempt(t.reference)!);
      expect(before !== 'unknown' && before.status, msg(`${t.reference} follows an attempt the provider did not fail`)).toBe('failed');
    }

    // A contribution is paid exactly when the provider took its payment.
    const contributionPayments = await sql<{ reference: string; status: string; contribution: string }>(
      `select p.reference, p.status, c.status as contribution from payments p join contributions c on c.id = p.contribution_id where p.kind = 'contribution'`,
    );
    for (const p of contributionPayments) {
      const truth = await providerRecordOf(app, 'collection', p.reference);
      const successful = truth !== 'unknown' && truth.status === 'successful';
      expect([p.reference, p.status, p.contribution], msg('payment and contribution as the provider says')).toEqual([p.reference, successful ? 'successful' : 'failed', successful ? 'completed' : 'pending']);
    }

    // The forgeries: every unsigned one refused; no answer a 500; no dispute raised by a forged body.
    const unsigned = answers.filter((a) => !a.post.signed);
    expect(unsigned.length, msg(summary)).toBeGreaterThan(0);
    expect(statusCounts(unsigned.map((a) => a.status)), msg('unsigned posts')).toEqual({ 403: unsigned.length });
    const signed = answers.filter((a) => a.post.signed);
    expect(signed.filter((a) => !(a.status === 200 || (a.status === 202 && a.body.status === 'unverified'))).map((a) => [a.post.label, a.status, a.body]), msg('signed posts')).toEqual([]);
    expect(await sql('select reference, problem from payment_disputes'), msg('disputes')).toEqual([]);
  }, 120_000);

  it(`books a payment whose request reached the provider but whose reply was lost, its callback lost too (seed ${SEED})`, async () => {
    // The chaos of the test above, made certain for two requests: a contribution and a loan repayment.
    const borrower = members[1]!;
    const loanRepository = app.container.get(TOKENS.LoanRepository);
    const disbursement = app.container.get(DisburseLoan);
    const loanId = await inContext(() => saveApprovedLoan(loanRepository, borrower.id, app.clock.now()));
    chaos.rates = { down: 0, lostReply: 0, slow: 0, maxDelayMs: 0 };
    expect((await inContext(() => disbursement.execute({ loanId }))).ok).toBe(true);
    const groupId = await activeGroup(app, [members[2]!, members[3]!], 2000);
    const owed = (await contributionsOf(app, groupId)).find((c) => c.member_id === members[2]!.id && c.cycle === 1)!;

    chaos.rates = { down: 0, lostReply: 1, slow: 0, maxDelayMs: 0 };
    const paid = await pay(app, members[2]!, owed.id);
    const repaid = await app.http.post(`/api/loans/${loanId}/repayments`).set('Authorization', `Bearer ${borrower.token}`).set('Idempotency-Key', 'lost-reply').send({ scope: 'instalment' });
    chaos.rates = { down: 0, lostReply: 0, slow: 0, maxDelayMs: 0 };
    expect([paid.status, paid.body.code, repaid.status, repaid.body.code]).toEqual([503, 'mobile_money_unavailable', 503, 'mobile_money_unavailable']);

    // The provider took both (and the disbursement), and says so only when asked: no callback comes.
    for (const payment of chaos.accepted.filter((p) => !decided.has(keyOf(p)))) {
      expect(app.sandbox.settle(payment.direction, payment.reference, 'SUCCESSFUL', { callback: false })).toBe(true);
      decided.add(keyOf(payment));
    }
    app.clock.advance(15 * 60_000);
    expect(await runJob('payment-polling')).toMatchObject({ outcome: 'ran', report: { settled: 3, errors: 0 } });
    expect(await stillOpen()).toBe(0);
    expect(await sql('select status from loan_collections where loan_id = ?', [loanId])).toEqual([{ status: 'succeeded' }]);
    expect(await sql('select status from contributions where id = ?', [owed.id])).toEqual([{ status: 'completed' }]);
    await expectBooksEqualProviderRecord(app.db, 'sandbox', (direction, reference) => providerRecordOf(app, direction, reference), msg('after lost replies'));
  });
});
