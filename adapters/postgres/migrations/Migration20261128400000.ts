import { Migration } from '@mikro-orm/migrations';

/**
 * Card payments (issue 27): a contribution may be paid by card (`contributions.payment_method`
 * 'card', core/contributions/contribution.ts). Payments, loan collections and merchant
 * transactions store the card processor as their provider (`flutterwave`, a string column).
 */
export class Migration20261128400000 extends Migration {

  override name = 'Migration20261128400000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "contributions" drop constraint if exists "contributions_payment_method_check";`);
    this.addSql(`alter table "contributions" add constraint "contributions_payment_method_check" check ("payment_method" in ('mobile_money', 'card', 'pot_deduction'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`update "contributions" set "payment_method" = 'mobile_money' where "payment_method" = 'card';`);
    this.addSql(`alter table "contributions" drop constraint if exists "contributions_payment_method_check";`);
    this.addSql(`alter table "contributions" add constraint "contributions_payment_method_check" check ("payment_method" in ('mobile_money', 'pot_deduction'));`);
  }
}
