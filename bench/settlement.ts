/**
 * `npm run bench:settlement`: seeds 1,000,000 completed merchant payments over 10,000 merchants
 * (one Kigali week) in a fresh database on DATABASE_URL's server, then settles that week with the
 * real use case (core/settlements/create-settlement-batches.ts over the Postgres adapters), and
 * prints its time beside a bare SQL aggregate of the same rows (merchant, sum of net, count),
 * measured in the same run, as a ratio. The batches' totals are checked against the aggregate, and
 * a second settlement of the same week must create nothing.
 *
 * The use case settles by range (the adapter's settlePeriodInBulk: a lock statement over the
 * merchants, then one set-based statement; no payment row is written); the checks also demand
 * that the batches' ranges cover exactly the aggregated rows (the report's look-up), that no
 * payment row was written, and whole francs paid with the rest carried.
 *
 * Options: --payments N (default 1,000,000), --merchants M (default 10,000), --keep (keep the
 * database and print its URL, to read the plans with `explain (analyze, buffers)`; drop it after).
 * Payouts are not part of this figure (they are one mobile-money transfer per batch, paid after).
 */
import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import { PostgresSettlementBatches } from '../adapters/postgres/postgres-settlement-batches.ts';
import { MikroOrmUnitOfWork } from '../adapters/postgres/mikro-orm-unit-of-work.ts';
import { CreateSettlementBatches } from '../core/settlements/create-settlement-batches.ts';
import { settlementPeriodContaining } from '../core/settlements/settlement-period.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PAYMENTS = arg('payments', 1_000_000);
const MERCHANTS = arg('merchants', 10_000);
const KEEP = process.argv.includes('--keep');

const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main() {
  const db = await createTestDatabase();
  try {
    const em = db.orm.em.fork();
    const period = settlementPeriodContaining(new Date('2026-11-18T10:00:00Z'));
    const seedStart = performance.now();
    const owner = randomUUID();
    await em.execute(`insert into users (id, email, first_name, last_name, created_at, updated_at) values (?, 'bench@example.rw', 'Bench', 'Owner', now(), now())`, [owner]);
    await em.execute(
      `insert into merchants (id, owner_id, merchant_code, business_name, merchant_category, business_address, district, phone_number, email, merchant_status, kyb_status, payout_provider, created_at, updated_at)
       select gen_random_uuid(), ?, 'M' || lpad(g::text, 6, '0'), 'Shop ' || g, 'retail', 'KN 1 Rd', 'Gasabo', '+250788' || lpad(g::text, 6, '0'), 'shop' || g || '@example.rw', 'active', 'verified', 'sandbox', now(), now()
         from generate_series(1, ?) g`,
      [owner, MERCHANTS],
    );
    await em.execute(
      `insert into merchant_transactions (id, transaction_reference, merchant_id, provider, customer_phone_number, amount_centimes, merchant_fee_centimes, net_amount_centimes, commission_centimes, status, created_at, completed_at)
       select gen_random_uuid(), 'merchant-payment:bench-' || g, m.id, 'sandbox', '+250788000001', a.amount, a.amount / 50, a.amount - a.amount / 50, 0, 'completed',
              ?::timestamptz + (g % 600000) * interval '1 second', ?::timestamptz + (g % 600000) * interval '1 second'
         from generate_series(1, ?) g
         join lateral (select (1000 + (g::bigint * 7919) % 99000) * 100 as amount) a on true
         join (select id, row_number() over (order by merchant_code) - 1 as n from merchants) m on m.n = g % ?`,
      [period.start, period.start, PAYMENTS, MERCHANTS],
    );
    // As autovacuum does after a bulk insert (insert-triggered since PostgreSQL 13): statistics for
    // the planner and the visibility map for index-only scans.
    await em.execute('vacuum analyze merchants');
    await em.execute('vacuum analyze merchant_transactions');
    const seedMs = performance.now() - seedStart;

    const aggStart = performance.now();
    const aggregate = await em.execute<{ merchants: string; total: string; n: string }[]>(
      `select count(*) as merchants, sum(total)::text as total, sum(n)::text as n from (
         select merchant_id, sum(net_amount_centimes) as total, count(*) as n from merchant_transactions
          where status = 'completed' and settlement_batch_id is null and completed_at < ? group by merchant_id) s`,
      [period.end],
    );
    const aggMs = performance.now() - aggStart;

    const settle = () =>
      RequestContext.create(db.orm.em, () =>
        new CreateSettlementBatches({
          batches: new PostgresSettlementBatches(db.orm.em),
          uow: new MikroOrmUnitOfWork(db.orm.em),
          clock: { now: () => period.end },
        }).execute({ period }),
      );
    const rowWrites = async () => {
      await em.execute('select pg_stat_force_next_flush()');
      const [row] = await em.execute<{ n: string }[]>(`select (n_tup_upd + n_tup_del)::text as n from pg_stat_user_tables where relname = 'merchant_transactions'`);
      return Number(row!.n);
    };
    const writesBefore = await rowWrites();
    const settleStart = performance.now();
    const batches = await settle();
    const settleMs = performance.now() - settleStart;
    const againStart = performance.now();
    const again = await settle();
    const againMs = performance.now() - againStart;

    const paymentRowsWritten = (await rowWrites()) - writesBefore;
    // The batches' ranges cover exactly the aggregated rows (the look-up the settlement report uses).
    const [covered] = await em.execute<{ n: string; total: string }[]>(
      `select count(*)::text as n, coalesce(sum(t.net_amount_centimes), 0)::text as total
         from settlement_batches b
         join merchant_transactions t on t.merchant_id = b.merchant_id and t.status = 'completed' and t.settlement_batch_id is null
                                     and t.completed_at >= b.covered_from and t.completed_at < b.covered_until
        where b.period_start = ?`,
      [period.start],
    );
    const totalOfBatches = batches.reduce((sum, b) => sum + BigInt(b.totalAmount.centimes), 0n);
    const agg = aggregate[0]!;
    const checks = {
      batchesPerMerchant: batches.length === Number(agg.merchants),
      totalsMatchAggregate: totalOfBatches === BigInt(agg.total),
      transactionsMatch: batches.reduce((n, b) => n + b.totalTransactions, 0) === Number(agg.n),
      rerunCreatesNothing: again.length === 0,
      rangesCoverTheAggregatedRows: Number(covered!.n) === Number(agg.n) && BigInt(covered!.total) === BigInt(agg.total),
      noPaymentRowWritten: paymentRowsWritten === 0,
      wholeFrancsPaidRestCarried: batches.every((b) => b.payoutAmount.centimes % 100 === 0 && b.payoutAmount.centimes + b.carriedOut.centimes === b.totalAmount.centimes),
    };
    console.log(`payments ${PAYMENTS.toLocaleString('en')}, merchants ${MERCHANTS.toLocaleString('en')} (seeded in ${seconds(seedMs)} s)`);
    console.table([
      { step: 'bare SQL aggregate (merchant, sum net, count)', seconds: seconds(aggMs), ratio: '1.00' },
      { step: `settle the week: ${batches.length} batches created`, seconds: seconds(settleMs), ratio: (settleMs / aggMs).toFixed(2) },
      { step: 'settle the same week again (creates nothing)', seconds: seconds(againMs), ratio: (againMs / aggMs).toFixed(2) },
    ]);
    console.log('checks', checks);
    if (Object.values(checks).some((ok) => !ok)) process.exitCode = 1;
  } finally {
    if (KEEP) {
      console.log(`kept: ${db.url}`);
      await db.orm.close();
    } else await db.drop();
  }
}

await main();
