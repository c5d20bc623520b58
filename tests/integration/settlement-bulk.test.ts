/**
 * The set-based settlement statement (PostgresSettlementBatches.settlePeriodInBulk) against
 * PostgreSQL, checked against core's rules (`buildSettlementBatches`) on the same rows: batches
 * per merchant with its unsettled completed transactions before the period's end (stragglers
 * included, later and pending ones left), the fraction of its latest batch carried in, whole
 * francs paid and the rest carried, nothing under one franc (those transactions wait), a
 * merchant that already has a batch for the period gets none, and a rerun creates nothing.
 */
import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MikroOrmUnitOfWork } from '../../adapters/postgres/mikro-orm-unit-of-work.ts';
import { PostgresMerchantTransactions, PostgresSettlementBatches } from '../../adapters/postgres/postgres-merchants.ts';
import { Money } from '../../core/money/money.ts';
import { createSettlementBatches } from '../../core/settlements/create-settlement-batches.ts';
import { buildSettlementBatches } from '../../core/settlements/settlement-batch.ts';
import { settlementPeriodContaining } from '../../core/settlements/settlement-period.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let db: TestDatabase;
const week1 = settlementPeriodContaining(new Date('2026-11-11T10:00:00Z'));
const week2 = settlementPeriodContaining(new Date('2026-11-18T10:00:00Z'));
const m = { a: randomUUID(), b: randomUUID(), c: randomUUID(), d: randomUUID() };

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

async function tx(merchantId: string, netCentimes: number, completedAt: string | null, status = 'completed') {
  await db.orm.em.fork().execute(
    `insert into merchant_transactions (id, transaction_reference, merchant_id, provider, customer_phone_number, amount_centimes, merchant_fee_centimes, net_amount_centimes,
       commission_centimes, status, created_at, completed_at)
     values (gen_random_uuid(), 'merchant-payment:' || gen_random_uuid(), ?, 'sandbox', '+250788000001', ?, 0, ?, 0, ?, coalesce(?::timestamptz, now()), ?)`,
    [merchantId, netCentimes, netCentimes, status, completedAt, completedAt],
  );
}

const settle = (period: typeof week1) =>
  RequestContext.create(db.orm.em, () =>
    createSettlementBatches({ batches: new PostgresSettlementBatches(db.orm.em), unitOfWork: new MikroOrmUnitOfWork(db.orm.em), clock: { now: () => period.end } }, { period }),
  );

/** What core's rules make of the same rows, for comparison. */
async function expected(period: typeof week1) {
  const em = db.orm.em.fork();
  const transactions = await new PostgresMerchantTransactions(em).findUnsettled(period.end);
  const batches = new PostgresSettlementBatches(em);
  const existing = await batches.findByPeriod(period.start);
  const carried = new Map<string, Money>();
  for (const id of Object.values(m)) carried.set(id, (await batches.latestFor(id))?.carriedOut ?? Money.ZERO);
  const codes = new Map<string, string>(Object.entries(m).map(([code, id]) => [id, `BULK-${code.toUpperCase()}`]));
  return buildSettlementBatches({
    period,
    transactions,
    alreadySettledMerchantIds: new Set(existing.map((b) => b.merchantId)),
    merchantCode: (id) => codes.get(id)!,
    carriedIn: (id) => carried.get(id)!,
    now: period.end,
    newId: () => 'x',
  });
}

const figures = (batches: Awaited<ReturnType<typeof settle>>) =>
  batches
    .map((b) => [b.batchReference, b.totalTransactions, b.totalAmount.centimes, b.payoutAmount.centimes, b.carriedOut.centimes, b.status])
    .sort((x, y) => String(x[0]).localeCompare(String(y[0])));

describe('settling a period in bulk', () => {
  it('creates the batches core’s rules would, marks their transactions, and creates nothing again', async () => {
    await tx(m.a, 12_550, '2026-11-10T08:00:00Z'); // 125.50
    await tx(m.b, 60, '2026-11-12T08:00:00Z'); // 0.60: under one franc, waits
    await tx(m.c, 20_000, '2026-11-19T08:00:00Z'); // next week
    await tx(m.d, 5_000, null, 'pending');
    const want = await expected(week1);
    const got = await settle(week1);
    expect(figures(got)).toEqual(figures(want));
    expect(figures(got)).toEqual([['STL-20261109-BULK-A', 1, 12_550, 12_500, 50, 'processing']]);
    const batchId = got[0]!.id;
    const marked = await db.orm.em.fork().execute<{ merchant_id: string; settlement_batch_id: string | null }[]>('select merchant_id, settlement_batch_id from merchant_transactions');
    expect(marked.filter((r) => r.settlement_batch_id).map((r) => [r.merchant_id, r.settlement_batch_id])).toEqual([[m.a, batchId]]);
    expect(await settle(week1)).toEqual([]);
  });

  it('carries the fraction into the next batch, takes stragglers, and leaves a merchant already settled for the period alone', async () => {
    await tx(m.a, 9_950, '2026-11-17T08:00:00Z'); // 99.50 + 0.50 carried = 100.00
    await tx(m.b, 45, '2026-11-17T09:00:00Z'); // 0.60 (straggler of week 1) + 0.45 = 1.05
    await tx(m.d, 1_000, '2026-11-18T09:00:00Z');
    // d already has a batch for week 2 (made by hand): it gets no second one.
    const em = db.orm.em.fork();
    await em.execute(
      `insert into settlement_batches (id, batch_reference, merchant_id, period_start, period_end, total_transactions, total_amount_centimes, payout_amount_centimes,
         carried_out_centimes, currency, payout_method, status, attempts, created_at, updated_at)
       values (gen_random_uuid(), 'STL-20261116-BULK-D', ?, ?, ?, 0, 0, 0, 0, 'RWF', 'mobile_money', 'completed', 1, now(), now())`,
      [m.d, week2.start, week2.end],
    );
    const want = await expected(week2);
    const got = await settle(week2);
    expect(figures(got)).toEqual(figures(want));
    expect(figures(got)).toEqual([
      ['STL-20261116-BULK-A', 1, 10_000, 10_000, 0, 'processing'],
      ['STL-20261116-BULK-B', 2, 105, 100, 5, 'processing'],
      ['STL-20261116-BULK-C', 1, 20_000, 20_000, 0, 'processing'],
    ]);
    const [unmarked] = await em.execute<{ n: string }[]>(`select count(*)::text as n from merchant_transactions where settlement_batch_id is null`);
    expect(unmarked!.n).toBe('2'); // d's completed payment (its merchant is settled for the week) and the pending one
    expect(await settle(week2)).toEqual([]);
  });
});
