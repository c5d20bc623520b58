import { Migration } from '@mikro-orm/migrations';

/**
 * Settlement by range, hand-written (docs/decisions/0040-settlement-by-range.md).
 *
 * A batch made from now on covers its merchant's completed payments whose `completed_at` lies in
 * [`covered_from`, `covered_until`): `covered_from` is the previous batch's `covered_until` (or the
 * epoch for the merchant's first batch by range), `covered_until` the period's end (or the moment
 * of settling, for the week under way), so settling writes one row per batch and none per
 * payment. Batches made before this migration keep both null: their payments are those
 * that carry their id in `merchant_transactions.settlement_batch_id`, exactly as they were paid
 * (including a payment whose confirmation committed after an earlier batch had run); that column
 * is no longer written. The merchant's first batch by range starts at the epoch and skips the
 * marked rows, so a completed payment that no old batch marked is covered by it.
 *
 * The index that found unmarked rows by completion time gives way to one the range look-ups use:
 * each merchant's unmarked completed payments by completion time, with the net (a batch's
 * transactions, the batch covering a payment).
 * (The merchant's latest batch is found by the unique key on (merchant_id, period_start).)
 *
 * `down` is safe only while no batch by range exists: their payments carry no mark to go back to.
 */
export class Migration20261126100000 extends Migration {

  override name = 'Migration20261126100000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "settlement_batches" add column "covered_from" timestamptz null, add column "covered_until" timestamptz null;`);
    this.addSql(`alter table "settlement_batches" add constraint "settlement_batches_covered_range_check" check (("covered_from" is null) = ("covered_until" is null) and ("covered_from" is null or "covered_from" <= "covered_until"));`);
    this.addSql(`drop index if exists "merchant_transactions_unsettled_index";`);
    this.addSql(`create index "merchant_transactions_completed_index" on "merchant_transactions" ("merchant_id", "completed_at") include ("net_amount_centimes") where "status" = 'completed' and "settlement_batch_id" is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "merchant_transactions_completed_index";`);
    this.addSql(`create index "merchant_transactions_unsettled_index" on "merchant_transactions" ("completed_at") where "status" = 'completed' and "settlement_batch_id" is null;`);
    this.addSql(`alter table "settlement_batches" drop constraint if exists "settlement_batches_covered_range_check";`);
    this.addSql(`alter table "settlement_batches" drop column if exists "covered_from", drop column if exists "covered_until";`);
  }

}
