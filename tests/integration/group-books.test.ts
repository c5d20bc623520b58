/**
 * Open books through HTTP on PostgreSQL (issue 28): a group's history made through the real app —
 * one contribution by card (the sandbox checkout and its webhook), one by mobile money, the payout
 * of cycle 1 failed by the provider and booked back, then a contribution of cycle 2 — read by its
 * members as GET /api/tontines/{id}/ledger: every movement with who and the provider's reference,
 * running balances, a balance equal to the ledger's to the centime, paging that a new movement does
 * not shift. A stranger and a member of another group read nothing, and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FlutterwaveSandbox } from '../../adapters/card-checkout/flutterwave-sandbox.ts';
import { TOKENS } from '../../apps/container.ts';
import { Money } from '../../core/money/money.ts';
import {
  accountTotals,
  activeGroup,
  contributionsOf,
  expectBooksBalance,
  mtnCallback,
  pay,
  phoneNumber,
  referenceOf,
  sendCallback,
  signUp,
  startMoneyApp,
  type Member,
  type MoneyApp,
} from '../support/money-books.ts';
import { payWithTestCard } from '../support/sandbox-card.ts';
import { until } from '../support/until.ts';

let app: MoneyApp;
let sandbox: FlutterwaveSandbox;
let amina: Member;
let bob: Member;
let stranger: Member;
let otherGroupMember: Member;
let groupId: string;
let cardReference: string;
let mobileReference: string;

interface Movement {
  at: string;
  kind: string;
  member: string | null;
  amount: string;
  balanceAfter: string;
  reference: string | null;
}

const sql = <T>(query: string, params: unknown[] = []) => app.db.orm.em.fork().execute<T[]>(query, params);
const books = (member: Member, query = '') => app.http.get(`/api/tontines/${groupId}/ledger${query}`).set('Authorization', `Bearer ${member.token}`);

async function contributionOf(member: Member, cycle: number): Promise<string> {
  return (await contributionsOf(app, groupId)).find((c) => c.member_id === member.id && c.cycle === cycle)!.id;
}

async function payByMobileMoney(member: Member, cycle: number): Promise<string> {
  const reference = await referenceOf(app, (await pay(app, member, await contributionOf(member, cycle))).body.id);
  expect((await sendCallback(app, mtnCallback(reference, '5000', 'SUCCESSFUL'))).status).toBe(200);
  return reference;
}

async function payByCard(member: Member, cycle: number): Promise<string> {
  const started = await app.http.post('/api/payments/card').set('Authorization', `Bearer ${member.token}`).send({ purpose: 'contribution', contributionId: await contributionOf(member, cycle) });
  expect(started.status).toBe(201);
  await payWithTestCard(app.http, started.body.checkoutUrl as string);
  const reference = started.body.reference as string;
  const { body, headers } = sandbox.webhookFor(sandbox.chargeOf(reference)!);
  const hook = app.http.post('/api/payments/callbacks/flutterwave');
  for (const [name, value] of Object.entries(headers)) hook.set(name, value);
  expect((await hook.send(body)).body.status).toBe('applied');
  return reference;
}

beforeAll(async () => {
  app = await startMoneyApp();
  sandbox = app.container.get(TOKENS.CardCheckoutSetup).sandbox!;
  amina = await signUp(app, 'Amina', phoneNumber(1));
  bob = await signUp(app, 'Bob', phoneNumber(2));
  await sql('update users set last_name = ? where id = ?', ['Uwase', amina.id]);
  await sql('update users set last_name = ? where id = ?', ['Habimana', bob.id]);
  stranger = await signUp(app, 'Eve', phoneNumber(3));
  otherGroupMember = await signUp(app, 'Carol', phoneNumber(4));
  await activeGroup(app, [otherGroupMember, await signUp(app, 'Dan', phoneNumber(5))], 5000);
  groupId = await activeGroup(app, [amina, bob], 5000);

  cardReference = await payByCard(amina, 1);
  app.clock.advance(60_000);
  mobileReference = await payByMobileMoney(bob, 1);
  // Cycle 1 is complete: its payout of 10,000 RWF to Amina is booked from the pool; the provider fails it.
  const payout = `payout:${groupId}:1`;
  app.clock.advance(60_000);
  expect((await sendCallback(app, mtnCallback(payout, '10000', 'FAILED', 'PAYEE_NOT_FOUND'))).status).toBe(200);
  await until(() => sql<{ n: number }>('select count(*)::int as n from journal_entries where key = ?', [`reversal:${payout}`]), (rows) => rows[0]!.n === 1);
  app.clock.advance(60_000);
  await payByMobileMoney(bob, 2);
});

afterAll(async () => {
  if (app) await expectBooksBalance(app);
  await app?.close();
});

describe('GET /api/tontines/{id}/ledger', () => {
  it('shows every movement of the pool newest first, with who, the reference and the running balance', async () => {
    const res = await books(bob);
    expect(res.status, JSON.stringify(app.logs.slice(-2))).toBe(200);
    const movements = res.body.movements as Movement[];
    expect(movements.map((m) => [m.kind, m.member, m.amount, m.balanceAfter])).toEqual([
      ['contribution', 'Bob H.', '5000.00', '15000.00'],
      ['payout_returned', 'Amina U.', '10000.00', '10000.00'],
      ['payout', 'Amina U.', '-10000.00', '0.00'],
      ['contribution', 'Bob H.', '5000.00', '10000.00'],
      ['contribution', 'Amina U.', '5000.00', '5000.00'],
    ]);
    expect(movements.map((m) => m.reference).slice(1)).toEqual([`payout:${groupId}:1`, `payout:${groupId}:1`, mobileReference, cardReference]);
    expect(res.body.nextCursor).toBeNull();
    // Nothing about the members but first name and initial.
    const text = JSON.stringify(res.body);
    for (const member of [amina, bob]) {
      expect(text).not.toContain(member.id);
      expect(text).not.toContain(member.phone.slice(4));
    }
  });

  it('answers the ledger’s balance of the pool to the centime, and the movements sum to it', async () => {
    const res = await books(amina);
    expect(res.status, JSON.stringify(app.logs.slice(-2))).toBe(200);
    const ledger = (await accountTotals(app)).get(`pool:${groupId}`)!.negate();
    expect(res.body.balance).toBe(ledger.toDecimal());
    expect(res.body.balance).toBe('15000.00');
    const sum = Money.sum((res.body.movements as Movement[]).map((m) => (Money.parseDecimal(m.amount) as { ok: true; value: Money }).value));
    expect(sum.toDecimal()).toBe(res.body.balance);
  });

  it('pages by an opaque cursor that a new movement does not shift', async () => {
    const first = await books(amina, '?limit=2');
    expect(first.body.movements).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    app.clock.advance(60_000);
    await payByMobileMoney(amina, 2);
    const second = await books(amina, `?limit=2&cursor=${first.body.nextCursor}`);
    expect((second.body.movements as Movement[]).map((m) => [m.kind, m.balanceAfter])).toEqual([
      ['payout', '0.00'],
      ['contribution', '10000.00'],
    ]);
    const third = await books(amina, `?limit=2&cursor=${second.body.nextCursor}`);
    expect((third.body.movements as Movement[]).map((m) => m.reference)).toEqual([cardReference]);
    expect(third.body.nextCursor).toBeNull();
    // Amina's payment completed cycle 2: its payout to Bob (awaiting the provider) is on the first page now.
    expect(((await books(amina)).body.movements as Movement[]).slice(0, 2).map((m) => [m.kind, m.member, m.balanceAfter])).toEqual([
      ['payout', 'Bob H.', '10000.00'],
      ['contribution', 'Amina U.', '20000.00'],
    ]);
  });

  it('refuses a cursor it did not give and a limit out of range with a 400', async () => {
    expect((await books(amina, '?cursor=nope')).body).toMatchObject({ code: 'validation_failed' });
    // Well formed, but no movement of this pool: refused, not an empty page.
    expect(await books(amina, `?cursor=${randomUUID()}`)).toMatchObject({ status: 400, body: { code: 'cursor_invalid', error: 'This page of the list was not found. Start again from the first page.' } });
    expect((await books(amina, '?limit=0')).status).toBe(400);
    expect((await books(amina, '?limit=101')).status).toBe(400);
  });

  it('shows nothing to a stranger, a member of another group or someone signed out, and changes nothing', async () => {
    const before = await sql('select id, key from journal_entries order by id');
    for (const outsider of [stranger, otherGroupMember]) {
      const res = await books(outsider);
      expect([res.status, res.body.code]).toEqual([403, 'not_a_member']);
      expect(JSON.stringify(res.body)).not.toMatch(/movements|balance|Amina|Bob/);
    }
    expect((await app.http.get(`/api/tontines/${groupId}/ledger`)).status).toBe(401);
    expect((await app.http.get('/api/tontines/00000000-0000-4000-8000-000000000000/ledger').set('Authorization', `Bearer ${amina.token}`)).body.code).toBe('tontine_not_found');
    expect(await sql('select id, key from journal_entries order by id')).toEqual(before);
  });

  it('is in the OpenAPI document with its schema, its query and its 403 and 404', async () => {
    const doc = (await app.http.get('/api/openapi.json')).body;
    const get = doc.paths['/api/tontines/{id}/ledger'].get;
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404']));
    expect((get.parameters as { name: string }[]).map((p) => p.name)).toEqual(expect.arrayContaining(['id', 'cursor', 'limit']));
    const schema = doc.components.schemas.GroupBooks;
    expect(schema.required).toEqual(expect.arrayContaining(['balance', 'movements', 'nextCursor']));
    expect(schema.properties.movements.items.required).toEqual(expect.arrayContaining(['at', 'kind', 'member', 'amount', 'balanceAfter', 'reference']));
  });
});
