import { Migration } from '@mikro-orm/migrations';

/**
 * Refunds of merchants' card payments back to the card (issue 27, core/merchants/merchant-card-refund.ts).
 *
 * - `merchant_card_refunds`: one row per refunded payment (unique `transaction_id`: a retried
 *   reversal finds it, whatever the race), stored before the processor is asked; a failed one is
 *   asked again as a new `attempt` of the same row. `polled_at` orders the polling job's turns,
 *   the partial index finds the open ones.
 */
export class Migration20261128450000 extends Migration {

  override name = 'Migration20261128450000';

  override up(): void | Promise<void> {
    this.addSql(`create table "merchant_card_refunds" (
      "id" uuid not null,
      "transaction_id" uuid not null,
      "merchant_id" uuid not null,
      "charge_id" varchar(100) not null,
      "amount_centimes" bigint not null,
      "status" varchar(20) not null,
      "attempt" int not null,
      "processor_refund_id" varchar(100) null,
      "reason" varchar(500) not null,
      "requested_by" varchar(255) not null,
      "requested_at" timestamptz not null,
      "settled_at" timestamptz null,
      "failure_reason" varchar(255) null,
      "polled_at" timestamptz null,
      constraint "merchant_card_refunds_pkey" primary key ("id"),
      constraint "merchant_card_refunds_transaction_unique" unique ("transaction_id"),
      constraint "merchant_card_refunds_status_check" check ("status" in ('requested', 'pending', 'completed', 'failed')),
      constraint "merchant_card_refunds_transaction_foreign" foreign key ("transaction_id") references "merchant_transactions" ("id") on delete restrict,
      constraint "merchant_card_refunds_merchant_foreign" foreign key ("merchant_id") references "merchants" ("id") on delete restrict
    );`);
    this.addSql(`create index "merchant_card_refunds_open_index" on "merchant_card_refunds" ("polled_at" nulls first) where "status" in ('requested', 'pending');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "merchant_card_refunds";`);
  }
}
