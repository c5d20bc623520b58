/**
 * Settlement batches over PostgreSQL (table `settlement_batches`, Migration20261124100000; ranges:
 * Migration20261126100000), in the caller's transaction (the global EntityManager resolves to the
 * unit of work's fork); rows parsed by their schema (merchant-rows.ts). Amounts are integer
 * centimes (bigint).
 *
 * Guarantees
 * - A batch's transactions are its merchant's completed ones in its range of completion times
 *   ([covered_from, covered_until)); a batch made before ranges holds those marked with its id
 *   (`settlement_batch_id`, no longer written).
 * - Settling a week is set-based (`settlePeriodInBulk`: raw SQL, a few statements whatever the
 *   number of merchants and payments). It takes the settlement lock (a transaction-level advisory
 *   lock) exclusively before it reads the totals, and a confirmation holds it shared before it
 *   reads the clock (postgres-merchant-transactions.ts): a payment cannot complete inside a closed
 *   range.
 * - An id that cannot exist (not a UUID) finds nothing, never an error.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Money } from '../../core/money/money.ts';
import { invariant } from '../../core/shared/result.ts';
import type { SettlementReads } from '../../core/merchants/ports.ts';
import type { BulkSettlementInput, SettlementBatchListing, SettlementBatchRepository } from '../../core/settlements/ports.ts';
import { SETTLEMENT_ORIGIN, type SettlementBatch } from '../../core/settlements/settlement-batch.ts';
import type { PayoutStatus } from '../../core/settlements/payout-status.ts';
import { BATCH_TRANSACTIONS, batchRow, idsByHolder, isUuid, SETTLEMENT_LOCK, type Row } from './merchant-rows.ts';
import { sqlArray } from './sql-array.ts';

/** A batch read without its transaction ids. */
const withoutIds = batchRow(() => []);

export class PostgresSettlementBatches implements SettlementBatchRepository, SettlementReads, SettlementBatchListing {
  constructor(private readonly em: EntityManager) {}

  /** Batches with their transaction ids only when asked (a batch of a busy merchant holds thousands). */
  private async withIds(rows: Row[], ids: boolean): Promise<SettlementBatch[]> {
    if (!ids || !rows.length) return rows.map((r) => withoutIds.parse(r));
    const held = await this.em.execute<Row[]>(`select t.id, b.id as holder_id from ${BATCH_TRANSACTIONS} where b.id = any(?::uuid[]) order by t.completed_at, t.id`, [
      sqlArray(rows.map((r) => String(r.id))),
    ]);
    const schema = batchRow(idsByHolder(held));
    return rows.map((r) => schema.parse(r));
  }

  async findById(id: string) {
    if (!isUuid(id)) return undefined;
    return (await this.withIds(await this.em.execute<Row[]>(`select * from settlement_batches where id = ?`, [id]), true))[0];
  }

  async findByReference(reference: string) {
    return (await this.withIds(await this.em.execute<Row[]>(`select * from settlement_batches where batch_reference = ?`, [reference]), true))[0];
  }

  async findByPeriod(periodStart: Date) {
    return this.withIds(await this.em.execute<Row[]>(`select * from settlement_batches where period_start = ?`, [periodStart]), false);
  }

  async latestFor(merchantId: string) {
    return (await this.withIds(await this.em.execute<Row[]>(`select * from settlement_batches where merchant_id = ? order by period_start desc limit 1`, [merchantId]), false))[0];
  }

  async listForMerchant(merchantId: string, range: { from?: Date; to?: Date }) {
    if (!isUuid(merchantId)) return [];
    const rows = await this.em.execute<Row[]>(
      `select * from settlement_batches where merchant_id = ? and period_start >= coalesce(?::timestamptz, '-infinity') and period_start < coalesce(?::timestamptz, 'infinity')
        order by period_start desc`,
      [merchantId, range.from ?? null, range.to ?? null],
    );
    return this.withIds(rows, false);
  }

  async list(filter: { status?: PayoutStatus; limit: number }) {
    const rows = await this.em.execute<Row[]>(
      `select * from settlement_batches where (?::text is null or status = ?) order by period_start desc, batch_reference limit ?`,
      [filter.status ?? null, filter.status ?? null, filter.limit],
    );
    return this.withIds(rows, false);
  }

  /**
   * Two statements. First the settlement lock is taken exclusively: this waits for the
   * confirmations under way, which hold it shared from before they read the clock, and holds new
   * ones off until the batches commit (about a second a week). Then, in a new snapshot (READ
   * COMMITTED) that sees every payment completed before the lock: per merchant whose latest batch
   * is for an earlier period (or that has none), the range it continues from (that batch's
   * covered_until, or the epoch after a batch made before ranges or none) up to the period's end
   * or `now`, whichever is first; the totals of its unmarked completed rows in that range plus
   * the carried fraction, minus its reversals in that range; and the batches inserted. Nothing
   * is written per transaction. No `on conflict` clause: under the lock held exclusively, a
   * merchant whose latest batch is not for an earlier period is no candidate, so no row can meet
   * the unique key (merchant_id, period_start), which stays the guarantee: a violation would fail
   * the settlement, never make a second batch. The clause cost each row a speculative insertion
   * (a probe of that key before the insert, then its confirmation): ~6 % of the statement.
   * The totals are summed per merchant (a lateral aggregate over its index range, which arrives
   * in merchant order), not hashed across the million rows of a week: ~100 ms less on 1,000,000
   * payments (bench/README.md "Settling per merchant").
   */
  async settlePeriodInBulk(input: BulkSettlementInput): Promise<SettlementBatch[]> {
    const { period, referencePrefix, now } = input;
    const coveredUntil = new Date(Math.min(period.end.getTime(), now.getTime()));
    // What every new batch shares: parameters of the statement, not read back for each row.
    const shared = { period_start: period.start, period_end: period.end, covered_until: coveredUntil, created_at: now, status: 'processing', attempts: 0 };
    await this.em.execute(`select pg_advisory_xact_lock(?, ?)::text as held`, [...SETTLEMENT_LOCK]);
    const rows = await this.em.execute<Row[]>(
      `with candidates as (
         select m.id as merchant_id, m.merchant_code, f.covered_from, paid.n, reversed.n as reversals, reversed.total as reversed_total,
                paid.total + f.carried - reversed.total as amount
           from merchants m
           left join lateral (select b.period_start, b.covered_until, b.carried_out_centimes from settlement_batches b
                               where b.merchant_id = m.id order by b.period_start desc limit 1) p on true
          cross join lateral (select coalesce(p.covered_until, ?::timestamptz) as covered_from, coalesce(p.carried_out_centimes, 0) as carried) f
          cross join lateral (select coalesce(sum(t.net_amount_centimes), 0) as total, count(*) as n from merchant_transactions t
                               where t.merchant_id = m.id and t.status = 'completed' and t.settlement_batch_id is null
                                 and t.completed_at >= f.covered_from and t.completed_at < ?::timestamptz) paid
          cross join lateral (select coalesce(sum(r.net_amount_centimes), 0) as total, count(*) as n from merchant_payment_reversals r
                               where r.merchant_id = m.id and r.reversed_at >= f.covered_from and r.reversed_at < ?::timestamptz) reversed
          where (p.period_start is null or p.period_start < ?) and (paid.n > 0 or reversed.n > 0)
       )
       insert into settlement_batches (id, batch_reference, merchant_id, period_start, period_end, covered_from, covered_until, total_transactions, total_reversals,
         reversed_amount_centimes, total_amount_centimes, payout_amount_centimes, carried_out_centimes, currency, payout_method, status, attempts, created_at, updated_at)
       select gen_random_uuid(), ?::text || merchant_code, merchant_id, ?, ?, covered_from, ?::timestamptz, n, reversals, reversed_total, amount, amount - amount % 100, amount % 100,
              'RWF', 'mobile_money', ?, ?, ?, now()
         from candidates where amount >= 100
        order by merchant_id
       returning id, batch_reference, merchant_id, (extract(epoch from covered_from) * 1000)::float8 as covered_from, total_transactions, total_reversals,
                 reversed_amount_centimes, total_amount_centimes, payout_amount_centimes, carried_out_centimes`,
      [SETTLEMENT_ORIGIN, coveredUntil, coveredUntil, period.start, referencePrefix, period.start, period.end, coveredUntil, shared.status, shared.attempts, now],
    );
    // 10,000 rows on a busy week: `covered_from` comes as epoch milliseconds, not as text for a date
    // parser, and each row object is completed in place with what is shared rather than copied
    // (bench/README.md "Settling per merchant"). The rows arrive in merchant order (the insert's),
    // which the sort only confirms, in one pass.
    return rows.map((r) => withoutIds.parse(Object.assign(r, shared))).sort((a, b) => (a.merchantId < b.merchantId ? -1 : a.merchantId > b.merchantId ? 1 : 0));
  }

  async recordWithholding(batchId: string, withheld: Money): Promise<void> {
    const rows = await this.em.execute<Row[]>(
      `update settlement_batches set withheld_amount_centimes = withheld_amount_centimes + ?, payout_amount_centimes = payout_amount_centimes - ?, updated_at = now()
        where id = ? and status = 'processing' and attempts = 0 and payout_amount_centimes >= ? returning id`,
      [withheld.centimes, withheld.centimes, batchId, withheld.centimes],
    );
    invariant(rows.length === 1, `batch ${batchId}: a withholding is recorded before its payout only`);
  }

  async save(b: SettlementBatch): Promise<void> {
    await this.em.execute(
      `insert into settlement_batches (id, batch_reference, merchant_id, period_start, period_end, covered_from, covered_until, total_transactions, total_reversals,
         reversed_amount_centimes, total_amount_centimes, payout_amount_centimes, carried_out_centimes, currency, payout_method, status, attempts, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now()) on conflict (id) do update set status = excluded.status, attempts = excluded.attempts, updated_at = now()`,
      [b.id, b.batchReference, b.merchantId, b.settlementPeriodStart, b.settlementPeriodEnd, b.coveredFrom, b.coveredUntil, b.totalTransactions, b.totalReversals,
        b.reversedAmount.centimes, b.totalAmount.centimes, b.payoutAmount.centimes,
        b.carriedOut.centimes, b.currency, b.payoutMethod, b.status, b.attempts, b.createdAt],
    );
  }
}
