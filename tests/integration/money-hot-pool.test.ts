/**
 * Money, issue 4: 500 concurrent payments into one pool lose nothing, and no retryable database
 * conflict surfaces as a 5xx. Each payment is the whole path through the HTTP app: POST
 * /api/contributions/:id/pay, then MTN's callback; all 500 run at once against PostgreSQL.
 *
 * A group holds at most 30 members (MAX_MEMBERS), so the 500 payments are 500 distinct
 * contributions owed by 29 members over the rotation's 30 cycles. The 30th member pays nothing,
 * so no cycle completes and no payout takes money out: the pool must hold exactly the sum.
 * After the file, the ledger balances to the centime.
 */
import { SAVINGS_PAYMENTS } from '../support/outgoing-transfers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MEMBERS } from '../../core/tontines/tontine-terms.ts';
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
  statusCounts,
  type Member,
  type MoneyApp,
} from '../support/money-books.ts';

const PAYMENTS = 500;
const AMOUNT_FRANCS = 2000;

let app: MoneyApp;
let members: Member[];
let tontineId: string;

beforeAll(async () => {
  app = await startMoneyApp();
  members = await Promise.all(Array.from({ length: MAX_MEMBERS }, (_, i) => signUp(app, 'Payer', phoneNumber(i + 1))));
  tontineId = await activeGroup(app, members, AMOUNT_FRANCS);
}, 60_000);

afterAll(async () => {
  if (app) await expectBooksBalance(app);
  await app?.close();
});

describe('one hot pool', () => {
  it('takes 500 concurrent payments, loses none and answers no 5xx', async () => {
    const abstainer = members.at(-1)!;
    const byId = new Map(members.map((m) => [m.id, m]));
    const owed = (await contributionsOf(app, tontineId)).filter((c) => c.member_id !== abstainer.id).slice(0, PAYMENTS);
    expect(owed).toHaveLength(PAYMENTS);

    const statuses: number[] = [];
    await Promise.all(
      owed.map(async (contribution) => {
        const paid = await pay(app, byId.get(contribution.member_id)!, contribution.id);
        statuses.push(paid.status);
        if (paid.status !== 202) return;
        const confirmed = await sendCallback(app, mtnCallback(await referenceOf(app, paid.body.id), String(AMOUNT_FRANCS), 'SUCCESSFUL'));
        statuses.push(confirmed.status);
      }),
    );
    expect(statusCounts(statuses)).toEqual({ 200: PAYMENTS, 202: PAYMENTS });

    const totals = await accountTotals(app);
    expect(totals.get(`pool:${tontineId}`)?.centimes).toBe(-PAYMENTS * AMOUNT_FRANCS * 100);
    const [counts] = await app.db.orm.em
      .fork()
      .execute<{ entries: string; paid: string; successful: string }[]>(
        `select (select count(*) from journal_entries where kind = 'contribution_received')::text as entries,
                (select count(*) from contributions where tontine_id = ? and status = 'completed')::text as paid,
                (select count(*) from ${SAVINGS_PAYMENTS} where tontine_id = ? and status = 'successful')::text as successful`,
        [tontineId, tontineId],
      );
    expect(counts).toEqual({ entries: String(PAYMENTS), paid: String(PAYMENTS), successful: String(PAYMENTS) });
    expect(app.logs.filter((l) => l.level >= 50)).toEqual([]);
    // About 15 s alone on two cores; room for a machine busy with other test files.
  }, 60_000);
});
