import { Migration } from '@mikro-orm/migrations';

/**
 * Transfers stored before they are sent, retried when they fail, and polled in turn
 * (see adapters/postgres/payments-schema.ts and loans-schema.ts), hand-written:
 * - payments: a payout or withdrawal is one row per attempt (`attempt`, `transfer_reference`
 *   shared by its attempts), with the ledger entry it booked (reversed if it fails), what the
 *   provider is told (`description`) and when a failed one is tried again (`retry_at`);
 * - payments and loan_collections: `last_polled_at`, so the polling job asks the least recently
 *   asked first and no payment starves.
 */
export class Migration20261122030000 extends Migration {

  override name = 'Migration20261122030000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "payments" add column "attempt" int not null default 1, add column "transfer_reference" varchar(255) null, add column "ledger_entry_id" uuid null, add column "description" varchar(255) null, add column "retry_at" timestamptz null, add column "last_polled_at" timestamptz null;`);
    // Transfers made before: their first attempt, booked under their own reference.
    this.addSql(`update "payments" p set "transfer_reference" = p."reference", "ledger_entry_id" = j."id" from "journal_entries" j where j."key" = p."reference" and p."kind" in ('payout', 'withdrawal');`);
    this.addSql(`create index "payments_status_polled_index" on "payments" ("status", "last_polled_at");`);
    this.addSql(`create index "payments_retry_at_index" on "payments" ("retry_at");`);
    this.addSql(`alter table "loan_collections" add column "last_polled_at" timestamptz null;`);
    this.addSql(`create index "loan_collections_status_polled_index" on "loan_collections" ("status", "last_polled_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "loan_collections_status_polled_index";`);
    this.addSql(`alter table "loan_collections" drop column "last_polled_at";`);
    this.addSql(`drop index if exists "payments_retry_at_index";`);
    this.addSql(`drop index if exists "payments_status_polled_index";`);
    this.addSql(`alter table "payments" drop column "attempt", drop column "transfer_reference", drop column "ledger_entry_id", drop column "description", drop column "retry_at", drop column "last_polled_at";`);
  }

}
