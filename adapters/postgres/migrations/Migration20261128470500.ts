import { Migration } from '@mikro-orm/migrations';

/**
 * `merchant_card_refunds.asked_at`: when a caller last claimed the refund to ask the processor
 * about it (finding out a lost answer). Stamped under the row's lock before the processor is
 * asked, so a second caller (a retried reversal, the polling job) waits instead of asking too.
 */
export class Migration20261128470500 extends Migration {

  override name = 'Migration20261128470500';

  override up(): void | Promise<void> {
    this.addSql(`alter table "merchant_card_refunds" add column "asked_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "merchant_card_refunds" drop column "asked_at";`);
  }
}
