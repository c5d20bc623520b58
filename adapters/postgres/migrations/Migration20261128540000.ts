import { Migration } from '@mikro-orm/migrations';

/**
 * A card refund disputed for an admin (core/merchants/merchant-card-refund.ts `CardRefundDispute`):
 * the processor refused it and holds none, completed it for another amount, answered for another
 * charge, or no longer knows it. Recorded once on the refund's row; the open refunds' index leaves
 * disputed ones out, so the `card-refunds` job never asks about them again; the disputed index
 * lists them for `merchants refunds --disputed`.
 */
export class Migration20261128540000 extends Migration {

  override name = 'Migration20261128540000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "merchant_card_refunds"
      add column "dispute_code" varchar(40) null,
      add column "disputed_at" timestamptz null,
      add column "dispute_processor_amount_centimes" bigint null,
      add column "dispute_processor_charge_id" varchar(100) null,
      add constraint "merchant_card_refunds_dispute_check" check (("dispute_code" is null) = ("disputed_at" is null) and ("dispute_code" is null or "dispute_code" in ('other_amount', 'refused_none_found', 'unknown_to_processor', 'other_charge')));`);
    this.addSql(`drop index if exists "merchant_card_refunds_open_index";`);
    this.addSql(`create index "merchant_card_refunds_open_index" on "merchant_card_refunds" ("polled_at" nulls first) where "status" in ('requested', 'pending') and "disputed_at" is null;`);
    this.addSql(`create index "merchant_card_refunds_disputed_index" on "merchant_card_refunds" ("requested_at") where "disputed_at" is not null and "status" in ('requested', 'pending');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "merchant_card_refunds_disputed_index";`);
    this.addSql(`drop index if exists "merchant_card_refunds_open_index";`);
    this.addSql(`create index "merchant_card_refunds_open_index" on "merchant_card_refunds" ("polled_at" nulls first) where "status" in ('requested', 'pending');`);
    this.addSql(`alter table "merchant_card_refunds" drop constraint "merchant_card_refunds_dispute_check", drop column "dispute_code", drop column "disputed_at", drop column "dispute_processor_amount_centimes", drop column "dispute_processor_charge_id";`);
  }
}
