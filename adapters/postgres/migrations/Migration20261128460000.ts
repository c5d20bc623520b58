import { Migration } from '@mikro-orm/migrations';

/**
 * Working capital repaid by card (issue 27):
 *
 * - `working_capital_collections.idempotency_key`: the card payment's Idempotency-Key, unique per
 *   advance, so that the same key answers the same collection (and the same checkout) and two
 *   racing requests store one.
 * - `working_capital_repayments.source` may be `card`.
 */
export class Migration20261128460000 extends Migration {

  override name = 'Migration20261128460000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "working_capital_collections" add column "idempotency_key" varchar(200) null;`);
    this.addSql(`create unique index "working_capital_collections_key_unique" on "working_capital_collections" ("loan_id", "idempotency_key") where "idempotency_key" is not null;`);
    this.addSql(`alter table "working_capital_repayments" drop constraint "working_capital_repayments_source_check";`);
    this.addSql(`alter table "working_capital_repayments" add constraint "working_capital_repayments_source_check" check ("source" in ('settlement', 'mobile_money', 'card'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "working_capital_repayments" drop constraint "working_capital_repayments_source_check";`);
    this.addSql(`alter table "working_capital_repayments" add constraint "working_capital_repayments_source_check" check ("source" in ('settlement', 'mobile_money'));`);
    this.addSql(`drop index "working_capital_collections_key_unique";`);
    this.addSql(`alter table "working_capital_collections" drop column "idempotency_key";`);
  }
}
