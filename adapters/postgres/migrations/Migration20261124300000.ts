import { Migration } from '@mikro-orm/migrations';

/**
 * Airtel Money (adapters/mobile-money/airtel-money.ts): Airtel's transaction enquiry states no
 * amount, so a dispute raised on one of its answers has no reported amount to keep:
 * `payment_disputes.reported_amount_centimes` becomes nullable (null: "not stated").
 */
export class Migration20261124300000 extends Migration {
  override name = 'Migration20261124300000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "payment_disputes" alter column "reported_amount_centimes" drop not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`update "payment_disputes" set "reported_amount_centimes" = 0 where "reported_amount_centimes" is null;`);
    this.addSql(`alter table "payment_disputes" alter column "reported_amount_centimes" set not null;`);
  }
}
