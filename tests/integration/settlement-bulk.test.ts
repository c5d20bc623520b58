/**
 * The set-based settlement by range (PostgresSettlementBatches.settlePeriodInBulk) against
 * PostgreSQL, checked against core's rules (`buildSettlementBatches`) on the same rows: batches
 * per merchant with its completed transactions in the range after its previous batch up to the
 * period's end (stragglers included, later and pending ones left), the fraction of its latest
 * batch carried in, whole francs paid and the rest carried, nothing under one franc (those
 * transactions wait), a merchant that already has a batch for the period gets none, and a rerun
 * creates nothing. No payment row is written; the range look-up lists what each batch covers, and
 * a batch made before ranges keeps its marked rows. A confirmation under way when the settlement
 * starts is waited for, so its payment is in the batch.
 */
import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MikroOrmUnitOfWork } from '../../adapters/postgres/mikro-orm-unit-of-work.ts';
import { PostgresMerchantTransactions } from '../../adapters/postgres/postgres-merchant-transactions.ts';
import { PostgresSettlementBatches } from '../../adapters/postgres/postgres-settlement-batches.ts';
import { CreateSettlementBatches } from '../../core/settlements/create-settlement-batches.ts';
import { buildSettlementBatches, type SettlementBatch } from '../../core/settlements/settlement-batch.ts';
import { settlementPeriodContaining } from '../../core/settlements/settlement-period.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
const week1 = settlementPeriodContaining(new Date('2026-11-11T10:00:00Z'));
const week2 = settlementPeriodContaining(new Date('2026-11-18T10:00:00Z'));
const week3 = settlementPeriodContaining(new Date('2026-11-25T10:00:00Z'));
const week4 = settlementPeriodContaining(new Date('2026-12-02T10:00:00Z'));
const m = { a: randomUUID(), b: randomUUID(), c: randomUUID(), d: randomUUID(), e: randomUUID() };

beforeAll(async () => {
  db = await createTestDatabase();
  const em = db.orm.em.fork();
  const owner = randomUUID();
  await em.execute(`insert into users (id, email, first_name, last_name, created_at, updated_at) values (?, 'bulk@example.rw', 'Bulk', 'Owner', now(), now())`, [owner]);
  for (const [code, id] of Object.entries(m)) {
    await em.execute(
      `insert into merchants (id, owner_id, merchant_code, business_name, merchant_category, business_address, district, phone_number, email, merchant_status, kyb_status, payout_provider, created_at, updated_at)
       values (?, ?, ?, 'Shop', 'retail', 'KN 1 Rd', 'Gasabo', '+25078800000' || ?, ? || '@example.rw', 'active', 'verified', 'sandbox', now(), now())`,
      [id, owner, `BULK-${code.toUpperCase()}`, String(Object.keys(m).indexOf(code)), code],
    );
  }
});

afterAll(async () => {
  await db?.drop();
});

/** A payment row (net = gross here); `markedWith` is the mark a batch made before ranges left. */
async function tx(merchantId: string, netCentimes: number, completedAt: string | null, status = 'completed', markedWith: string | null = null): Promise<string> {
  const id = randomUUID();
  await db.orm.em.fork().execute(
    `insert into merchant_transactions (id, transaction_reference, merchant_id, provider, customer_phone_number, amount_centimes, merchant_fee_centimes, net_amount_centimes,
       commission_centimes, status, created_at, completed_at, settlement_batch_id)
     values (?, ?, ?, 'sandbox', '+250788000001', ?, 0, ?, 0, ?, coalesce(?::timestamptz, now()), ?, ?)`,
    [id, `merchant-payment:${id}`, merchantId, netCentimes, netCentimes, status, completedAt, completedAt, markedWith],
  );
  return id;
}

/** Updates and deletes of merchant_transactions rows so far, from PostgreSQL's statistics. */
async function transactionRowWrites(): Promise<number> {
  const em = db.orm.em.fork();
  await em.execute('select pg_stat_force_next_flush()');
  const [row] = await em.execute<{ n: string }[]>(`select (n_tup_upd + n_tup_del)::text as n from pg_stat_user_tables where relname = 'merchant_transactions'`);
  return Number(row!.n);
}

const reads = () => new PostgresMerchantTransactions(db.orm.em.fork());
const coveredBy = async (batchId: string) => (await reads().listBySettlementBatch(batchId)).map((t) => t.id);

const settle = (period: typeof week1) =>
  RequestContext.create(db.orm.em, () =>
    new CreateSettlementBatches({ batches: new PostgresSettlementBatches(db.orm.em), uow: new MikroOrmUnitOfWork(db.orm.em), clock: { now: () => period.end } }).execute({ period }),
  );

/** What core's rules make of the same rows, for comparison. */
async function expected(period: typeof week1) {
  const em = db.orm.em.fork();
  const transactions = new PostgresMerchantTransactions(em);
  const batches = new PostgresSettlementBatches(em);
  const all = (await Promise.all(Object.values(m).map((id) => transactions.listForMerchant(id, {})))).flat();
  const latest = new Map<string, SettlementBatch | undefined>();
  for (const id of Object.values(m)) latest.set(id, await batches.latestFor(id));
  const codes = new Map<string, string>(Object.entries(m).map(([code, id]) => [id, `BULK-${code.toUpperCase()}`]));
  return buildSettlementBatches({
    period,
    transactions: all,
    previousBatch: (id) => latest.get(id),
    merchantCode: (id) => codes.get(id)!,
    now: period.end,
    newId: () => 'x',
  });
}

/** The period's batches as stored, by merchant id: what settling must return, field for field. */
const storedSorted = async (period: typeof week1) =>
  (await new PostgresSettlementBatches(db.orm.em.fork()).findByPeriod(period.start)).sort((a, b) => (a.merchantId < b.merchantId ? -1 : 1));

const figures = (batches: readonly SettlementBatch[]) =>
  batches
    .map((b) => [b.batchReference, b.totalTransactions, b.totalAmount.centimes, b.payoutAmount.centimes, b.carriedOut.centimes, b.status])
    .sort((x, y) => String(x[0]).localeCompare(String(y[0])));

describe('settling a period in bulk, by range', () => {
  it('creates the batches core’s rules would, writes no payment row, lists what each covers, and creates nothing again', async () => {
    const a1 = await tx(m.a, 12_550, '2026-11-10T08:00:00Z'); // 125.50
    await tx(m.b, 60, '2026-11-12T08:00:00Z'); // 0.60: under one franc, waits
    await tx(m.c, 20_000, '2026-11-19T08:00:00Z'); // next week
    await tx(m.d, 5_000, null, 'pending');
    const want = await expected(week1);
    const writes = await transactionRowWrites();
    const got = await settle(week1);
    expect(await transactionRowWrites()).toBe(writes);
    expect(figures(got)).toEqual(figures(want));
    expect(got).toEqual(await storedSorted(week1));
    expect(figures(got)).toEqual([['STL-20261109-BULK-A', 1, 12_550, 12_500, 50, 'processing']]);
    expect(got[0]!.coveredFrom).toEqual(new Date(0));
    expect(await coveredBy(got[0]!.id)).toEqual([a1]);
    expect((await reads().listForMerchant(m.a, {})).map((t) => t.settlementBatchId)).toEqual([got[0]!.id]);
    expect((await reads().listForMerchant(m.b, {})).map((t) => t.settlementBatchId)).toEqual([undefined]); // waits
    expect(await settle(week1)).toEqual([]);
  });

  it('carries the fraction into the next batch, takes stragglers, and leaves a merchant already settled for the period alone', async () => {
    const a2 = await tx(m.a, 9_950, '2026-11-17T08:00:00Z'); // 99.50 + 0.50 carried = 100.00
    await tx(m.b, 45, '2026-11-17T09:00:00Z'); // 0.60 (straggler of week 1) + 0.45 = 1.05
    await tx(m.d, 1_000, '2026-11-18T09:00:00Z');
    // d already has a batch for week 2 (made by hand, before ranges, holding nothing): it gets no second one.
    await db.orm.em.fork().execute(
      `insert into settlement_batches (id, batch_reference, merchant_id, period_start, period_end, total_transactions, total_amount_centimes, payout_amount_centimes,
         carried_out_centimes, currency, payout_method, status, attempts, created_at, updated_at)
       values (gen_random_uuid(), 'STL-20261116-BULK-D', ?, ?, ?, 0, 0, 0, 0, 'RWF', 'mobile_money', 'completed', 1, now(), now())`,
      [m.d, week2.start, week2.end],
    );
    const want = await expected(week2);
    const writes = await transactionRowWrites();
    const got = await settle(week2);
    expect(await transactionRowWrites()).toBe(writes);
    expect(figures(got)).toEqual(figures(want));
    // What is returned, timestamps included, is what was stored (d's batch made by hand aside).
    expect(got).toEqual((await storedSorted(week2)).filter((b) => b.batchReference !== 'STL-20261116-BULK-D'));
    expect(figures(got)).toEqual([
      ['STL-20261116-BULK-A', 1, 10_000, 10_000, 0, 'processing'],
      ['STL-20261116-BULK-B', 2, 105, 100, 5, 'processing'],
      ['STL-20261116-BULK-C', 1, 20_000, 20_000, 0, 'processing'],
    ]);
    const byMerchant = new Map(got.map((b) => [b.merchantId, b]));
    expect(byMerchant.get(m.a)!.coveredFrom).toEqual(week1.end); // continues where the week-1 batch stopped
    expect(await coveredBy(byMerchant.get(m.a)!.id)).toEqual([a2]);
    expect((await reads().listBySettlementBatch(byMerchant.get(m.b)!.id)).map((t) => t.netAmount.centimes)).toEqual([60, 45]);
    // d's payments wait (its merchant is settled for the week), as does the pending one.
    expect((await reads().listForMerchant(m.d, {})).map((t) => [t.status, t.settlementBatchId])).toEqual([['pending', undefined], ['completed', undefined]]); // newest first
    expect(await settle(week2)).toEqual([]);
  });

  it('keeps what a batch made before ranges held, and its merchant’s first batch by range takes the unmarked rest', async () => {
    const legacyId = randomUUID();
    await db.orm.em.fork().execute(
      `insert into settlement_batches (id, batch_reference, merchant_id, period_start, period_end, total_transactions, total_amount_centimes, payout_amount_centimes,
         carried_out_centimes, currency, payout_method, status, attempts, created_at, updated_at)
       values (?, 'STL-20261116-BULK-E', ?, ?, ?, 1, 30000, 30000, 0, 'RWF', 'mobile_money', 'completed', 1, now(), now())`,
      [legacyId, m.e, week2.start, week2.end],
    );
    const marked = await tx(m.e, 30_000, '2026-11-18T08:00:00Z', 'completed', legacyId);
    const lateStraggler = await tx(m.e, 700, '2026-11-19T08:00:00Z'); // committed after the old batch ran: never marked
    const thisWeek = await tx(m.e, 10_000, '2026-11-25T08:00:00Z');
    expect(await coveredBy(legacyId)).toEqual([marked]);
    const want = (await expected(week3)).filter((b) => b.merchantId === m.e);
    const [batch, ...others] = (await settle(week3)).filter((b) => b.merchantId === m.e);
    expect(others).toEqual([]);
    expect(figures([batch!])).toEqual(figures(want));
    expect([batch!.coveredFrom, batch!.totalTransactions, batch!.totalAmount.centimes]).toEqual([new Date(0), 2, 10_700]);
    expect(await coveredBy(batch!.id)).toEqual([lateStraggler, thisWeek]);
    expect(await coveredBy(legacyId)).toEqual([marked]);
    const covering = new Map((await reads().listForMerchant(m.e, {})).map((t) => [t.id, t.settlementBatchId]));
    expect(covering).toEqual(new Map([[marked, legacyId], [lateStraggler, batch!.id], [thisWeek, batch!.id]]));
  });

  it('waits for a confirmation under way, so a payment completed before the period’s end is in the batch, not behind a closed range', async () => {
    const paying = await tx(m.c, 5_000, null, 'pending');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // As SettleMerchantPaymentReport does: take the settlement lock shared, read the clock (one second before the period's end), complete, and commit only later.
    const confirmation = RequestContext.create(db.orm.em, () =>
      new MikroOrmUnitOfWork(db.orm.em).run(async () => {
        await new PostgresMerchantTransactions(db.orm.em).holdSettlementOf(m.c);
        await db.orm.em.execute(`update merchant_transactions set status = 'completed', completed_at = ? where id = ?`, [new Date(week4.end.getTime() - 1_000), paying]);
        holding();
        await gate;
      }),
    );
    await held;
    let done = false;
    const settling = settle(week4).then((batches) => {
      done = true;
      return batches;
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(done).toBe(false); // the settlement waits for the confirmation to commit
    release();
    await confirmation;
    const cBatch = (await settling).find((b) => b.merchantId === m.c)!;
    expect(await coveredBy(cBatch.id)).toEqual([paying]);
  });
});
