/**
 * The savings journey through the API against PostgreSQL: tontines, joining, chat, contributions,
 * payments by the embedded sandbox (calling the running server back in MTN's format), payouts,
 * notifications, personal savings. Every refusal is checked for its code and for nothing stored.
 * After the file, the ledger balances to the centime.
 */
import { RequestContext } from '@mikro-orm/core';
import type { Container } from 'inversify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresLedgerRepository } from '../../adapters/postgres/postgres-ledger-repository.ts';
import { Money } from '../../core/money/money.ts';
import { GroupCommit } from '../../adapters/postgres/group-commit.ts';
import { PostgresPaymentRepository } from '../../adapters/postgres/postgres-payment-repository.ts';
import { PayContribution } from '../../core/contributions/pay-contribution.ts';
import { PayContributionByMobileMoney } from '../../core/contributions/pay-contribution-by-mobile-money.ts';
import { TOKENS } from '../../apps/container.ts';
import { SettlePaymentReport } from '../../core/payment-reports/settle-payment-report.ts';
import { SandboxTestNumbers } from '../../apps/payments/sandbox-test-numbers.ts';
import { startSandboxApp, type SandboxApp } from '../support/sandbox-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';
import { SAVINGS_PAYMENTS } from '../support/outgoing-transfers.ts';

let db: TestDatabase;
let app: SandboxApp;
let handler: SandboxApp['handler'];
let ledger: PostgresLedgerRepository;
let container: Container;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startSandboxApp(db, { mobileMoney: (sandbox) => new SandboxTestNumbers(sandbox) });
  ({ container, handler } = app);
  ledger = new PostgresLedgerRepository(db.orm.em.fork());
});

afterAll(async () => {
  await app?.close();
  if (ledger) expect(await ledger.trialBalance()).toEqual(Money.ZERO);
  await db?.drop();
});

let seq = 0;
async function member(name: string, phone: string | null = `+25078${String(1_000_000 + ++seq).slice(-7)}`) {
  const res = await request(handler)
    .post('/api/auth/register')
    .send({ email: `${name.toLowerCase()}${++seq}@example.rw`, password: 'correct horse', firstName: name, lastName: 'Test', ...(phone === null ? {} : { phone }) });
  expect(res.status).toBe(201);
  const token: string = res.body.token;
  const as = (method: 'get' | 'post' | 'patch' | 'put', path: string) => request(handler)[method](path).set('Authorization', `Bearer ${token}`);
  return { id: res.body.user.id as string, token, as, phone };
}

const group = { name: 'Kimironko Savers', description: 'Market vendors saving together', contributionAmount: 5000, frequency: 'weekly', maxMembers: 2 };

/**
 * What the polling job does for a payment whose callback never came (MTN sends one at most, and a
 * callback can outrun the commit of the payment it is about): ask the provider, settle the same way.
 */
async function pollPending(): Promise<void> {
  await RequestContext.create(db.orm.em, async () => {
    const mobileMoney = container.get(TOKENS.MobileMoney);
    for (const payment of await container.get(TOKENS.PaymentRepository).listPendingOlderThan(new Date(Date.now() + 60_000), 100, new Date())) {
      const report = await mobileMoney.collectionStatus(payment.provider, payment.reference);
      if (report.ok) await container.get(SettlePaymentReport).execute(report.value);
    }
    for (const transfer of await container.get(TOKENS.OutgoingTransfers).listPendingOlderThan(new Date(Date.now() + 60_000), 100, new Date())) {
      const report = await mobileMoney.transferStatus(transfer.provider, transfer.reference);
      if (report.ok) await container.get(SettlePaymentReport).execute(report.value);
    }
  });
}

async function poolBalance(tontineId: string): Promise<Money> {
  return (await ledger.poolBalances([tontineId])).get(tontineId)!;
}

describe('creating and finding tontines', () => {
  it('refuses bad terms with the specification words and a clear code, storing nothing', async () => {
    const alice = await member('Alice');
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ ...group, name: '  ' }, 400, 'validation_failed', 'Please enter a tontine name'],
      [{ ...group, description: '' }, 400, 'validation_failed', 'Please enter a description'],
      [{ ...group, contributionAmount: 0 }, 400, 'validation_failed', 'Please enter a valid contribution amount'],
      [{ ...group, contributionAmount: 'abc' }, 400, 'validation_failed', 'Please enter a valid contribution amount'],
      [{ ...group, contributionAmount: '5000.50' }, 400, 'contribution_amount_not_whole_francs', 'Mobile money moves whole francs: please enter a contribution without centimes.'],
      [{ ...group, maxMembers: 0 }, 400, 'validation_failed', 'Please enter a number of members from 1 to 30'],
      [{ ...group, frequency: 'yearly' }, 400, 'validation_failed', 'Please choose daily, weekly or monthly'],
      [{ ...group, category: 'gamblers' }, 400, 'validation_failed', 'Please choose one of the tontine categories'],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await alice.as('post', '/api/tontines').send(body);
      expect([res.status, res.body.code, res.body.error]).toEqual([status, code, message]);
    }
    expect(await db.count('tontines')).toBe(0);
    expect((await request(handler).post('/api/tontines').send(group)).status).toBe(401);
  });

  it('creates a group in the shape of the specification, lists it and counts it in its category', async () => {
    const alice = await member('Alice');
    const created = await alice.as('post', '/api/tontines').send({ ...group, contributionAmount: '12500', category: 'weekly_workers', maxMembers: 5 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Kimironko Savers',
      category: 'weekly_workers',
      contributionAmount: '12500.00',
      frequency: 'weekly',
      maxMembers: 5,
      currentCycle: 0,
      status: 'forming',
      nextPayoutDate: null,
      nextRecipient: null,
      currentAmount: '0.00',
      targetAmount: '62500.00',
      isMember: true,
      isAdmin: true,
      spotsLeft: 4,
      myNextContribution: null,
    });
    expect(created.body.members).toEqual([{ id: alice.id, name: 'Alice Test', avatar: null, initials: 'AT', role: 'admin', isAdmin: true }]);
    const id: string = created.body.id;

    const list = await request(handler).get('/api/tontines');
    expect(list.status).toBe(200);
    expect(list.body.find((t: { id: string }) => t.id === id)).toMatchObject({ isMember: false, spotsLeft: 4 });
    expect((await alice.as('get', '/api/tontines/user')).body.map((t: { id: string }) => t.id)).toContain(id);
    expect((await request(handler).get(`/api/tontines/${id}/members`)).body).toHaveLength(1);

    const categories = await request(handler).get('/api/tontines/categories');
    expect(categories.body.map((c: { id: string }) => c.id)).toEqual(['daily_micro', 'weekly_workers', 'monthly_professionals', 'business_builders', 'student_savers', 'women_entrepreneurs']);
    expect(categories.body[1]).toMatchObject({ memberCount: 1, avgContribution: '12500.00', frequency: 'weekly' });
    expect(categories.body[0]).toMatchObject({ memberCount: 0, avgContribution: '5.00', frequency: 'daily' });
  });

  it('answers 404 tontine_not_found for an unknown or malformed id, never a 500', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'; drop table tontines;--"]) {
      const res = await request(handler).get(`/api/tontines/${encodeURIComponent(id)}`);
      expect([res.status, res.body.code]).toEqual([404, 'tontine_not_found']);
    }
  });
});

describe('joining, chat and who may read what', () => {
  it('joins until full, refuses with codes, and keeps chat and contributions to members', async () => {
    const [alice, bob, carol] = [await member('Alice'), await member('Bob'), await member('Carol')];
    const id: string = (await alice.as('post', '/api/tontines').send(group)).body.id;

    expect((await alice.as('post', `/api/tontines/${id}/join`)).body.code).toBe('already_a_member');
    const joined = await bob.as('post', `/api/tontines/${id}/join`);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ status: 'active', currentCycle: 1, isMember: true, isAdmin: false, spotsLeft: 0, nextRecipient: 'Alice Test' });
    expect(joined.body.myNextContribution).toMatchObject({ amount: '5000.00', status: 'pending' });
    const full = await carol.as('post', `/api/tontines/${id}/join`);
    expect([full.status, full.body.code]).toEqual([409, 'tontine_is_full']);
    expect((await carol.as('post', '/api/tontines/00000000-0000-4000-8000-000000000000/join')).body.code).toBe('tontine_not_found');

    expect((await carol.as('get', `/api/tontines/${id}/chat`)).body.code).toBe('not_a_member');
    expect((await carol.as('post', `/api/tontines/${id}/chat`).send({ message: 'hi' })).status).toBe(403);
    expect((await carol.as('get', `/api/contributions/tontine/${id}`)).body.code).toBe('not_a_member');
    expect((await carol.as('get', `/api/tontines/${id}/payout-order`)).status).toBe(403);
    expect((await request(handler).get(`/api/tontines/${id}/chat`)).status).toBe(401);

    for (const body of [{ message: '   ' }, { message: 'x'.repeat(1001) }, { message: 'hi', messageType: 'system' }, {}]) {
      expect((await bob.as('post', `/api/tontines/${id}/chat`).send(body)).body.code).toBe('validation_failed');
    }
    expect(await db.count('chat_messages')).toBe(0);
    const posted = await bob.as('post', `/api/tontines/${id}/chat`).send({ message: '  Muraho!  ', messageType: 'text' });
    expect(posted.status).toBe(201);
    const chat = await alice.as('get', `/api/tontines/${id}/chat`);
    expect(chat.body).toEqual([{ id: posted.body.id, userId: bob.id, userName: 'Bob Test', userAvatar: null, message: 'Muraho!', messageType: 'text', createdAt: expect.any(String) }]);

    const rows = await alice.as('get', `/api/contributions/tontine/${id}`);
    expect(rows.body).toHaveLength(4);
    expect(rows.body[0]).toMatchObject({ amount: '5000.00', status: 'pending', cycle: 1, paidDate: null });
    expect(Object.keys(rows.body[0])).toEqual(expect.arrayContaining(['id', 'userId', 'userName', 'amount', 'status', 'createdAt']));
  });

  it('starts early (admin only), draws the payout order once and swaps turns by agreement', async () => {
    const [alice, bob, carol] = [await member('Alice'), await member('Bob'), await member('Carol')];
    expect((await carol.as('put', '/api/profile/language').send({ language: 'rw' })).status).toBe(200);
    const id: string = (await alice.as('post', '/api/tontines').send({ ...group, maxMembers: 4 })).body.id;
    expect((await alice.as('post', `/api/tontines/${id}/start`)).body.code).toBe('not_enough_members');
    await bob.as('post', `/api/tontines/${id}/join`);
    await carol.as('post', `/api/tontines/${id}/join`);
    expect((await bob.as('post', `/api/tontines/${id}/start`)).body.code).toBe('only_admin_can_start');
    const started = await alice.as('post', `/api/tontines/${id}/start`);
    expect(started.body).toMatchObject({ status: 'active', currentCycle: 1 });
    expect((await alice.as('post', `/api/tontines/${id}/start`)).body.code).toBe('tontine_not_forming');

    expect((await alice.as('get', `/api/tontines/${id}/payout-order`)).body).toMatchObject({ method: 'join_order', seed: null, order: [{ memberId: alice.id, position: 1 }, { memberId: bob.id }, { memberId: carol.id }] });
    expect((await bob.as('post', `/api/tontines/${id}/payout-order/draw`)).body.code).toBe('only_admin_can_draw');
    const drawn = await alice.as('post', `/api/tontines/${id}/payout-order/draw`);
    expect(drawn.body).toMatchObject({ method: 'draw', seed: expect.any(String) });
    expect(drawn.body.order.map((o: { memberId: string }) => o.memberId).sort()).toEqual([alice.id, bob.id, carol.id].sort());
    expect((await alice.as('post', `/api/tontines/${id}/payout-order/draw`)).body.code).toBe('payout_order_already_drawn');

    expect((await bob.as('post', `/api/tontines/${id}/swaps`).send({ withMemberId: bob.id })).body.code).toBe('cannot_swap_with_self');
    expect((await bob.as('post', `/api/tontines/${id}/swaps`).send({ withMemberId: 'nope' })).body.code).toBe('validation_failed');
    const swap = await bob.as('post', `/api/tontines/${id}/swaps`).send({ withMemberId: carol.id });
    expect([swap.status, swap.body.status]).toEqual([201, 'proposed']);
    expect((await bob.as('post', `/api/tontines/${id}/swaps/${swap.body.id}/accept`)).body.code).toBe('only_counterparty_can_accept');
    const before: string[] = drawn.body.order.map((o: { memberId: string }) => o.memberId);
    const accepted = await carol.as('post', `/api/tontines/${id}/swaps/${swap.body.id}/accept`);
    expect(accepted.body).toMatchObject({ id: swap.body.id, status: 'accepted' });
    const after: string[] = (await carol.as('get', `/api/tontines/${id}/payout-order`)).body.order.map((o: { memberId: string }) => o.memberId);
    expect(after.indexOf(bob.id)).toBe(before.indexOf(carol.id));
    expect((await alice.as('get', `/api/tontines/${id}/swaps`)).body).toHaveLength(1);

    // Each change told once to every member, in-app and by SMS in their language (Carol reads Kinyarwanda).
    const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);
    const members = [alice, bob, carol];
    for (const [template, count] of [['tontine_started', 1], ['tontine_order_drawn', 1], ['tontine_turns_swapped', 1]] as const) {
      for (const m of members) {
        const rows = await sql<{ message: string }>(`select message from notifications where user_id = ? and template = ?`, [m.id, template]);
        expect(rows, `${template} to ${m.id}`).toHaveLength(count);
      }
    }
    const sms = await sql<{ body: string }>(`select body from outbox_messages where channel = 'sms' and recipient = ? order by created_at, id`, [carol.phone]);
    expect(sms.map((m) => m.body)).toEqual([
      expect.stringMatching(/^Ikimina: Alice T\. yatangije Kimironko Savers\. Umusanzu wa mbere/),
      expect.stringMatching(/^Ikimina: Alice T\. yakoze tombola/),
      expect.stringMatching(/^Ikimina: muri Kimironko Savers, Bob T\. \(icyiciro \d\) na Carol T\. \(icyiciro \d\) bahinduranyije igihe/),
    ]);
    const notes = await alice.as('get', '/api/notifications');
    expect(notes.body.filter((n: { title: string }) => ['Rotation started', 'Payout order drawn', 'Turns swapped'].includes(n.title))).toHaveLength(3);
  });
});

describe('paying contributions by mobile money', () => {
  async function twoMemberGroup() {
    const [alice, bob] = [await member('Alice'), await member('Bob')];
    const id: string = (await alice.as('post', '/api/tontines').send(group)).body.id;
    await bob.as('post', `/api/tontines/${id}/join`);
    const mine = async (m: typeof alice, cycle: number) =>
      ((await m.as('get', '/api/contributions/user')).body as { id: string; tontineId: string; cycle: number }[]).find((c) => c.tontineId === id && c.cycle === cycle)!;
    return { alice, bob, id, mine };
  }

  it('refuses a payment without an Idempotency-Key, with a bad number, or of someone else, starting nothing', async () => {
    const { alice, bob, mine } = await twoMemberGroup();
    const c = await mine(alice, 1);
    expect((await alice.as('post', `/api/contributions/${c.id}/pay`).send({})).body.code).toBe('idempotency_key_required');
    expect((await alice.as('post', `/api/contributions/${c.id}/pay`).set('Idempotency-Key', 'k1').send({ phoneNumber: '12' })).body.code).toBe('phone_number_invalid');
    expect((await bob.as('post', `/api/contributions/${c.id}/pay`).set('Idempotency-Key', 'k1').send({})).body.code).toBe('contribution_not_found');
    expect((await alice.as('post', '/api/contributions/not-a-uuid/pay').set('Idempotency-Key', 'k1').send({})).body.code).toBe('contribution_not_found');
    const noPhone = await member('Nophone', null);
    const own = (await noPhone.as('post', '/api/tontines').send({ ...group, maxMembers: 1 })).body.id;
    const owed = ((await noPhone.as('get', '/api/contributions/user')).body as { id: string; tontineId: string }[]).find((x) => x.tontineId === own)!;
    expect((await noPhone.as('post', `/api/contributions/${owed.id}/pay`).set('Idempotency-Key', 'k1').send({})).body.code).toBe('phone_number_required');
    expect(await db.count('payments')).toBe(0);
  });

  it('answers one key sent at once for two contributions with one payment and one 409, and one key sent twice at once with one payment', async () => {
    const { bob, mine } = await twoMemberGroup();
    const [first, second] = [await mine(bob, 1), await mine(bob, 2)];
    const pay = (contributionId: string, key: string) => bob.as('post', `/api/contributions/${contributionId}/pay`).set('Idempotency-Key', key).send({});
    const crossed = await Promise.all([pay(first.id, 'same-key'), pay(second.id, 'same-key')]);
    expect(crossed.map((r) => r.status).sort()).toEqual([202, 409]);
    expect(crossed.find((r) => r.status === 409)!.body.code).toBe('idempotency_key_reused');
    const twice = await Promise.all([pay(second.id, 'twice'), pay(second.id, 'twice')]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 202]);
    expect(twice[0]!.body.id).toBe(twice[1]!.body.id);
  });

  it('refuses with 409 a key taken for another contribution after the request\'s batch read the keys', async () => {
    const { bob, mine } = await twoMemberGroup();
    const [first, second] = [await mine(bob, 1), await mine(bob, 2)];
    expect((await bob.as('post', `/api/contributions/${first.id}/pay`).set('Idempotency-Key', 'late-key').send({})).status).toBe(202);
    // A batch that read the keys just before that payment committed: its first read finds none.
    const payments = container.get(TOKENS.PaymentRepository);
    let stale = true;
    const readTooEarly = Object.assign(Object.create(payments) as PostgresPaymentRepository, {
      findByMemberKeys: (keys: Parameters<PostgresPaymentRepository['findByMemberKeys']>[0]) => {
        if (!stale) return payments.findByMemberKeys(keys);
        stale = false;
        return Promise.resolve(new Map());
      },
    });
    const racing = new PayContributionByMobileMoney({
      payContribution: container.get(PayContribution),
      payments: readTooEarly,
      payerOf: container.get(TOKENS.PayerOf),
      batching: (work) => new GroupCommit(work, { maxBatch: 64, maxConcurrent: 2 }),
    });
    const answer = await RequestContext.create(db.orm.em, () =>
      racing.execute({ contributionId: second.id, userId: bob.id, idempotencyKey: 'late-key', phoneNumber: undefined, profilePhoneNumber: bob.phone }),
    );
    expect(answer).toEqual({ ok: false, error: 'idempotency_key_reused' });
    const underKey = await db.orm.em
      .fork()
      .execute<{ contribution_id: string }[]>('select contribution_id from payments where member_id = ? and idempotency_key = ?', [bob.id, 'late-key']);
    expect(underKey).toEqual([{ contribution_id: first.id }]);
  });

  it('pays through the sandbox callback: Paid, one ledger entry into the pool, a notification; keys and repeats change nothing', async () => {
    const { alice, bob, id, mine } = await twoMemberGroup();
    const c = await mine(bob, 1);
    const entriesBefore = await db.count('journal_entries');
    const paid = await bob.as('post', `/api/contributions/${c.id}/pay`).set('Idempotency-Key', 'pay-1').send({});
    expect(paid.status).toBe(202);
    expect(paid.body).toMatchObject({ kind: 'contribution', contributionId: c.id, status: 'pending', amount: '5000.00', phoneNumber: bob.phone, provider: 'sandbox', reason: null, completedAt: null });
    const again = await bob.as('post', `/api/contributions/${c.id}/pay`).set('Idempotency-Key', 'pay-1').send({});
    expect([again.status, again.body.id]).toEqual([200, paid.body.id]);
    const other = await mine(bob, 2);
    expect((await bob.as('post', `/api/contributions/${other.id}/pay`).set('Idempotency-Key', 'pay-1').send({})).body.code).toBe('idempotency_key_reused');

    const settled = await until(() => bob.as('get', `/api/payments/${paid.body.id}`), (r) => r.body.status !== 'pending');
    expect(settled.body).toMatchObject({ status: 'successful', completedAt: expect.any(String) });
    expect((await alice.as('get', `/api/payments/${paid.body.id}`)).body.code).toBe('payment_not_found');
    expect((await bob.as('get', '/api/contributions/user')).body.find((x: { id: string }) => x.id === c.id)).toMatchObject({ status: 'completed', paymentMethod: 'mobile_money', paidDate: expect.any(String) });
    expect(await poolBalance(id)).toEqual(Money.ofFrancs(5000));
    expect(await db.count('journal_entries')).toBe(entriesBefore + 1);

    const callback = { externalId: paid.body.id, amount: '5000', currency: 'RWF', status: 'SUCCESSFUL', financialTransactionId: '12345' };
    const tokens = container.get(TOKENS.CallbackTokens);
    const signed = new URL(tokens.urlFor('collection', paid.body.id)).pathname;
    const repeats = await Promise.all([1, 2, 3, 4, 5].map(() => request(handler).put(signed).send(callback)));
    expect(repeats.map((r) => [r.status, r.body.status])).toEqual(Array(5).fill([200, 'exists']));
    // Another amount in the body is only a claim: the provider's answer is booked (already, once).
    const changed = await request(handler).post(signed).send({ ...callback, amount: '50000' });
    expect([changed.status, changed.body.status]).toEqual([200, 'exists']);
    expect((await request(handler).put(signed).send({ hello: 'world' })).body.code).toBe('mobile_money_callback_invalid');
    // Unsigned, or signed for another payment: refused before any work.
    expect((await request(handler).put('/api/payments/callbacks/mtn').send(callback)).body.code).toBe('callback_refused');
    expect((await request(handler).put(signed).send({ ...callback, externalId: 'unknown' })).status).toBe(403);
    expect(await db.count('journal_entries')).toBe(entriesBefore + 1);
    expect(await poolBalance(id)).toEqual(Money.ofFrancs(5000));

    const notes = await bob.as('get', '/api/notifications');
    expect(notes.body[0]).toMatchObject({ type: 'other', title: 'Payment received', isRead: false });
    expect((await alice.as('patch', `/api/notifications/${notes.body[0].id}/read`)).body.code).toBe('notification_not_found');
    expect((await bob.as('patch', `/api/notifications/${notes.body[0].id}/read`)).body).toMatchObject({ id: notes.body[0].id, isRead: true });
    expect((await bob.as('patch', '/api/notifications/nope/read')).status).toBe(404);
    expect(await db.count('outbox_messages')).toBeGreaterThanOrEqual(2);
  });

  it('a Rwandan number ending in 450 fails like MTN’s sandbox test number; the member can pay again, one attempt at a time', async () => {
    const { bob, mine } = await twoMemberGroup();
    const c = await mine(bob, 1);
    const failed = await bob.as('post', `/api/contributions/${c.id}/pay`).set('Idempotency-Key', 'f1').send({ phoneNumber: '0788 123 450' });
    expect(failed.body.phoneNumber).toBe('+250788123450');
    const done = await until(() => bob.as('get', `/api/payments/${failed.body.id}`), (r) => r.body.status !== 'pending');
    expect(done.body).toMatchObject({ status: 'failed', reason: 'INTERNAL_PROCESSING_ERROR' });
    expect((await bob.as('get', '/api/notifications')).body[0]).toMatchObject({ title: 'Payment failed' });
    const pending = await bob.as('post', `/api/contributions/${c.id}/pay`).set('Idempotency-Key', 'f2').send({ phoneNumber: '+46733123454' });
    expect([pending.status, pending.body.status, pending.body.phoneNumber]).toEqual([202, 'pending', '+46733123454']);
    const second = await bob.as('post', `/api/contributions/${c.id}/pay`).set('Idempotency-Key', 'f3').send({});
    expect([second.status, second.body.code]).toEqual([409, 'payment_in_progress']);
  });

  it("answers a contribution's latest payment to its owner only: the in-flight one after a reload, then its outcome", async () => {
    const { alice, bob, mine } = await twoMemberGroup();
    const c = await mine(bob, 1);
    expect((await bob.as('get', `/api/contributions/${c.id}/payment`)).body.code).toBe('payment_not_found');
    const failed = await bob.as('post', `/api/contributions/${c.id}/pay`).set('Idempotency-Key', 'g1').send({ phoneNumber: '0788 123 450' });
    await until(() => bob.as('get', `/api/payments/${failed.body.id}`), (r) => r.body.status !== 'pending');
    expect((await bob.as('get', `/api/contributions/${c.id}/payment`)).body).toMatchObject({ id: failed.body.id, status: 'failed', reason: 'INTERNAL_PROCESSING_ERROR' });
    const pending = await bob.as('post', `/api/contributions/${c.id}/pay`).set('Idempotency-Key', 'g2').send({ phoneNumber: '+46733123454' });
    const latest = await bob.as('get', `/api/contributions/${c.id}/payment`);
    expect([latest.status, latest.body.id, latest.body.status]).toEqual([200, pending.body.id, 'pending']);
    // Another member, even of the same group, learns nothing: the same answer as an unknown id.
    const other = await alice.as('get', `/api/contributions/${c.id}/payment`);
    expect([other.status, other.body.code]).toEqual([404, 'contribution_not_found']);
    expect((await bob.as('get', '/api/contributions/not-a-uuid/payment')).body.code).toBe('contribution_not_found');
  });

  it('a full 2-member weekly rotation ends with both paid out, the group completed and the pool at zero', async () => {
    const { alice, bob, id, mine } = await twoMemberGroup();
    for (const cycle of [1, 2]) {
      for (const m of [alice, bob]) {
        const c = await mine(m, cycle);
        expect((await m.as('post', `/api/contributions/${c.id}/pay`).set('Idempotency-Key', `r-${cycle}`).send({})).status).toBe(202);
      }
      await until(() => alice.as('get', `/api/tontines/${id}`), (r) => r.body.currentCycle > cycle || r.body.status === 'completed');
    }
    const tontine = await until(() => alice.as('get', `/api/tontines/${id}`), (r) => r.body.status === 'completed');
    expect(tontine.body).toMatchObject({ status: 'completed', currentAmount: '0.00', nextPayoutDate: null });
    expect(await poolBalance(id)).toEqual(Money.ZERO);
    for (const m of [alice, bob]) {
      const notes = await m.as('get', '/api/notifications');
      expect(notes.body.some((n: { type: string }) => n.type === 'payout_received')).toBe(true);
    }
    const payouts = await until(
      async () => {
        await pollPending();
        return db.orm.em.fork().execute<{ status: string }[]>(`select status from ${SAVINGS_PAYMENTS} where kind = 'payout' and tontine_id = ?`, [id]);
      },
      (rows) => rows.length === 2 && rows.every((r) => r.status === 'successful'),
    );
    expect(payouts.map((p) => p.status)).toEqual(['successful', 'successful']);
  });
});

describe('personal savings, recommendations and the dashboard', () => {
  it('saves, withdraws to mobile money idempotently, and refuses more than the balance', async () => {
    const [amina, eve] = [await member('Amina'), await member('Eve')];
    const created = await amina.as('post', '/api/tontines').send({ ...group, maxMembers: 1, contributionAmount: 10_000 });
    expect(created.body).toMatchObject({ status: 'active', spotsLeft: 0 });
    const id: string = created.body.id;
    expect((await request(handler).get(`/api/tontines/${id}`)).status).toBe(404);
    expect((await request(handler).get('/api/tontines')).body.some((t: { id: string }) => t.id === id)).toBe(false);

    const owed = ((await amina.as('get', '/api/contributions/user')).body as { id: string; tontineId: string }[]).find((c) => c.tontineId === id)!;
    // A contribution owed and none paid: nothing to rate yet, which is not 0 % on time.
    expect((await amina.as('get', '/api/dashboard/summary')).body.onTimeRate).toBeNull();
    const paid = await amina.as('post', `/api/contributions/${owed.id}/pay`).set('Idempotency-Key', 's1').send({});
    await until(() => amina.as('get', `/api/payments/${paid.body.id}`), (r) => r.body.status === 'successful');
    await until(() => poolBalance(id), (b) => b.equals(Money.ofFrancs(10_000)));

    expect((await amina.as('post', `/api/tontines/${id}/withdraw`).send({ amount: 100 })).body.code).toBe('idempotency_key_required');
    expect((await amina.as('post', `/api/tontines/${id}/withdraw`).set('Idempotency-Key', 'w0').send({ amount: 10_001 })).body.code).toBe('insufficient_savings');
    expect((await amina.as('post', `/api/tontines/${id}/withdraw`).set('Idempotency-Key', 'w0').send({ amount: '10.50' })).body.code).toBe('amount_must_be_whole_francs');
    expect((await eve.as('post', `/api/tontines/${id}/withdraw`).set('Idempotency-Key', 'w0').send({ amount: 100 })).body.code).toBe('tontine_not_found');
    const withdrawn = await amina.as('post', `/api/tontines/${id}/withdraw`).set('Idempotency-Key', 'w1').send({ amount: '4000' });
    expect(withdrawn.status).toBe(202);
    expect(withdrawn.body).toMatchObject({ kind: 'withdrawal', amount: '4000.00', status: 'pending', phoneNumber: amina.phone });
    const again = await amina.as('post', `/api/tontines/${id}/withdraw`).set('Idempotency-Key', 'w1').send({ amount: '4000' });
    expect([again.status, again.body.id]).toEqual([200, withdrawn.body.id]);
    expect(await poolBalance(id)).toEqual(Money.ofFrancs(6000));
    await until(() => amina.as('get', `/api/payments/${withdrawn.body.id}`), (r) => r.body.status === 'successful');

    const summary = await amina.as('get', '/api/dashboard/summary');
    expect(summary.body).toMatchObject({ totalSavings: '6000.00', activeTontines: 1, savingsStreakMonths: 1, onTimeRate: 100, nextPayout: null });
    expect(summary.body.nextPayment).toMatchObject({ amount: '10000.00', tontineName: 'Kimironko Savers' });
  });

  it('recommends forming groups with spots that the member is not in, best match first', async () => {
    const [admin, seeker] = [await member('Admin'), await member('Seeker')];
    const cheap = (await admin.as('post', '/api/tontines').send({ ...group, name: 'Cheap weekly', contributionAmount: 2000, maxMembers: 10 })).body.id;
    const dear = (await admin.as('post', '/api/tontines').send({ ...group, name: 'Dear monthly', contributionAmount: 90_000, frequency: 'monthly', maxMembers: 10 })).body.id;
    const res = await seeker.as('get', '/api/ai-assistant/tontine-recommendations?budget=2500&frequency=weekly');
    expect(res.status).toBe(200);
    const ids = res.body.recommendations.map((r: { id: string }) => r.id);
    expect(ids.indexOf(cheap)).toBeLessThan(ids.indexOf(dear));
    for (const r of res.body.recommendations) expect(r.matchScore).toBeGreaterThanOrEqual(0);
    expect(res.body.recommendations.find((r: { id: string }) => r.id === cheap)).toMatchObject({ contributionAmount: '2000.00', currentMembers: 1, maxMembers: 10 });
    expect((await admin.as('get', '/api/ai-assistant/tontine-recommendations')).body.recommendations.map((r: { id: string }) => r.id)).not.toContain(cheap);
    expect((await seeker.as('get', '/api/ai-assistant/tontine-recommendations?budget=-1')).body.code).toBe('validation_failed');
  });
});

describe('the OpenAPI document', () => {
  it('documents the new calls, the Idempotency-Key header and the provider callback', async () => {
    const doc = (await request(handler).get('/api/openapi.json')).body;
    for (const path of ['/api/tontines/{id}/start', '/api/tontines/{id}/payout-order/draw', '/api/tontines/{id}/swaps/{swapId}/accept', '/api/payments/{id}', '/api/tontines/{id}/withdraw']) {
      expect(doc.paths[path]).toBeDefined();
    }
    expect(doc.paths['/api/contributions/{id}/pay'].post.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
    expect(Object.keys(doc.paths['/api/payments/callbacks/mtn/{token}'])).toEqual(['put', 'post']);
  });
});
