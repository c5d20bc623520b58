/**
 * Money, issue 4: a payment posts exactly once however many times its callback arrives.
 * 1,000 identical MTN callbacks for one payment, all at once, through the real HTTP app and
 * PostgreSQL: one journal entry, every answer 200, the contribution paid once. The same reference
 * with another amount is refused with 409 and logged at warn, booking nothing.
 * After the file, the ledger balances to the centime.
 */
import { SAVINGS_PAYMENTS } from '../support/outgoing-transfers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountTotals,
  activeGroup,
  contributionsOf,
  expectBooksBalance,
  mtnCallback,
  pay,
  phoneNumber,
  PINO_WARN,
  referenceOf,
  sendCallback,
  signUp,
  startMoneyApp,
  statusCounts,
  type Member,
  type MoneyApp,
} from '../support/money-books.ts';

let app: MoneyApp;
let alice: Member;
let bob: Member;
let tontineId: string;

beforeAll(async () => {
  app = await startMoneyApp();
  alice = await signUp(app, 'Alice', phoneNumber(1));
  bob = await signUp(app, 'Bob', phoneNumber(2));
  tontineId = await activeGroup(app, [alice, bob], 5000);
});

afterAll(async () => {
  if (app) await expectBooksBalance(app);
  await app?.close();
});

async function entriesFor(reference: string) {
  return app.db.orm.em
    .fork()
    .execute<{ key: string; postings: string }[]>(
      `select e.key, count(p.*)::text as postings from journal_entries e join ledger_postings p on p.entry_id = e.id where e.key = ? group by e.key`,
      [`contribution:${reference}`],
    );
}

describe('a callback storm for one payment', () => {
  it('posts 1,000 identical concurrent callbacks exactly once, answering 200 to every one', async () => {
    const contribution = (await contributionsOf(app, tontineId)).find((c) => c.member_id === alice.id && c.cycle === 1)!;
    const paid = await pay(app, alice, contribution.id);
    expect([paid.status, paid.body.status]).toEqual([202, 'pending']);
    const reference = await referenceOf(app, paid.body.id);

    const body = mtnCallback(reference, '5000', 'SUCCESSFUL');
    const answers = await Promise.all(Array.from({ length: 1000 }, () => sendCallback(app, body)));
    expect(statusCounts(answers.map((a) => a.status))).toEqual({ 200: 1000 });
    const outcomes = statusCounts(answers.map((a) => (a.body.status === 'applied' ? 1 : a.body.status === 'exists' ? 2 : 0)));
    expect(outcomes).toEqual({ 1: 1, 2: 999 });

    expect(await entriesFor(reference)).toEqual([{ key: `contribution:${reference}`, postings: '2' }]);
    const totals = await accountTotals(app);
    expect(totals.get(`pool:${tontineId}`)?.centimes).toBe(-500_000);
    expect(totals.get('mobile_money:sandbox')?.centimes).toBe(500_000);
    const [row] = await app.db.orm.em
      .fork()
      .execute<{ status: string; payment_reference: string; paid: string }[]>(
        `select c.status, c.payment_reference,
           (select count(*) from payments p where p.contribution_id = c.id and p.status = 'successful')::text as paid
         from contributions c where c.id = ?`,
        [contribution.id],
      );
    expect(row).toEqual({ status: 'completed', payment_reference: reference, paid: '1' });
    // The member is told once that the payment arrived.
    const notices = await app.db.orm.em.fork().execute<{ title: string }[]>('select title from notifications where user_id = ?', [alice.id]);
    expect(notices.map((n) => n.title)).toEqual(['Payment received']);
  });

  it('refuses the same reference with a changed amount with 409, logs it at warn and books nothing', async () => {
    const contribution = (await contributionsOf(app, tontineId)).find((c) => c.member_id === bob.id && c.cycle === 1)!;
    const paid = await pay(app, bob, contribution.id);
    expect(paid.status).toBe(202);
    const reference = await referenceOf(app, paid.body.id);
    const before = await accountTotals(app);

    const changed = await sendCallback(app, mtnCallback(reference, '50000', 'SUCCESSFUL'));
    expect([changed.status, changed.body.code]).toEqual([409, 'payment_amount_mismatch']);
    expect(app.logs.filter((l) => l.level === PINO_WARN && l.reference === reference)).toEqual([
      expect.objectContaining({ msg: 'payment amount mismatch: refused', expected: '5000.00', reported: '50000.00' }),
    ]);
    expect(await entriesFor(reference)).toEqual([]);
    expect(await accountTotals(app)).toEqual(before);
    // Raised for an admin, with its audit entry, once however often the provider repeats it.
    await sendCallback(app, mtnCallback(reference, '50000', 'SUCCESSFUL'));
    const raised = await app.db.orm.em.fork().execute<{ problem: string; subject: string }[]>(
      `select d.problem, a.subject from payment_disputes d join audit_log a on a.subject = 'payment:' || d.reference and a.action = 'transfer_disputed' where d.reference = ?`,
      [reference],
    );
    expect(raised).toEqual([{ problem: 'amount_mismatch', subject: `payment:${reference}` }]);
    expect((await contributionsOf(app, tontineId)).find((c) => c.id === contribution.id)?.status).toBe('pending');

    // The true amount still settles it afterwards, and a changed amount after that is still refused.
    expect((await sendCallback(app, mtnCallback(reference, '5000', 'SUCCESSFUL'))).body.status).toBe('applied');
    expect((await sendCallback(app, mtnCallback(reference, '4999', 'SUCCESSFUL'))).status).toBe(409);
    expect(await entriesFor(reference)).toHaveLength(1);
  });

  it('answers callbacks that arrive together (and are settled in one batch) each for itself', async () => {
    const cycle2 = (await contributionsOf(app, tontineId)).filter((c) => c.cycle === 2);
    const [forAlice, forBob] = [alice, bob].map((m) => cycle2.find((c) => c.member_id === m.id)!);
    const refA = await referenceOf(app, (await pay(app, alice, forAlice!.id)).body.id);
    const refB = await referenceOf(app, (await pay(app, bob, forBob!.id)).body.id);

    const answers = await Promise.all([
      sendCallback(app, mtnCallback(refA, '5000', 'SUCCESSFUL')),
      // A stranger's post in the same moment: no token of the payment, refused before any work.
      app.http.put(`/api/payments/callbacks/mtn/c${'A'.repeat(43)}`).send(mtnCallback(refB, '6000', 'SUCCESSFUL')),
      sendCallback(app, mtnCallback('0b6f7c1e-0000-4000-8000-000000000000', '5000', 'SUCCESSFUL')),
      sendCallback(app, mtnCallback(refA, '5000', 'SUCCESSFUL')),
      sendCallback(app, mtnCallback(refB, '5000', 'FAILED', 'NOT_ENOUGH_FUNDS')),
    ]);
    expect(answers.map((a) => [a.status, a.body.status ?? a.body.code])).toEqual([
      [200, expect.stringMatching(/^(applied|exists)$/)],
      [403, 'callback_refused'],
      [404, 'payment_not_found'],
      [200, expect.stringMatching(/^(applied|exists)$/)],
      [200, 'failed'],
    ]);
    expect([answers[0]!.body.status, answers[3]!.body.status].sort()).toEqual(['applied', 'exists']);
    expect(await entriesFor(refA)).toHaveLength(1);
    expect(await entriesFor(refB)).toEqual([]);
    // The provider's transaction id and failure reason are kept with each payment.
    const rows = await app.db.orm.em
      .fork()
      .execute<{ reference: string; status: string; provider_transaction_id: string | null; reason: string | null }[]>(
        `select reference, status, provider_transaction_id, reason from ${SAVINGS_PAYMENTS} where reference in (?, ?) order by status desc`,
        [refA, refB],
      );
    expect(rows).toEqual([
      { reference: refA, status: 'successful', provider_transaction_id: refA.slice(0, 8), reason: null },
      { reference: refB, status: 'failed', provider_transaction_id: null, reason: 'NOT_ENOUGH_FUNDS' },
    ]);
  });
});
