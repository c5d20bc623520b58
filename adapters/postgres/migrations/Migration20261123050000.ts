import { Migration } from '@mikro-orm/migrations';

/**
 * Payment disputes (hand-written): provider reports that were not booked because they contradict
 * the books (another amount or currency than was asked, a success after a booked failure). One
 * row per reference, problem and reported status, so a repeated status query raises it once.
 * Read by `npm run admin -- transfers list --status disputed`.
 */
export class Migration20261123050000 extends Migration {

  override name = 'Migration20261123050000';

  override up(): void | Promise<void> {
    this.addSql(`create table "payment_disputes" (
      "id" uuid not null default gen_random_uuid(),
      "reference" varchar(255) not null,
      "direction" varchar(16) not null check ("direction" in ('collection', 'transfer')),
      "problem" varchar(32) not null check ("problem" in ('amount_mismatch', 'currency_mismatch', 'contradicts_books')),
      "reported_status" varchar(16) not null,
      "reported_amount_centimes" bigint not null,
      "reported_currency" varchar(8) not null,
      "provider_transaction_id" varchar(255) null,
      "reason" varchar(255) null,
      "raised_at" timestamptz not null,
      constraint "payment_disputes_pkey" primary key ("id"),
      constraint "payment_disputes_unique" unique ("reference", "problem", "reported_status")
    );`);
    this.addSql(`create index "payment_disputes_raised_index" on "payment_disputes" ("raised_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "payment_disputes";`);
  }

}
