import { Migration } from '@mikro-orm/migrations';

/**
 * Merchant payments' idempotency, hand-written: `merchant_transactions.idempotency_key`, the
 * caller's key for a payment (the pay page's `Idempotency-Key` as `pay:<key>`, a USSD step as
 * `ussd:<session>:<step>`), unique (NULLs stay distinct: a payment without a key is not
 * constrained). The unique key decides a race between two requests with one key: only one
 * transaction is stored, so only one collection is started.
 */
export class Migration20261124900000 extends Migration {

  override name = 'Migration20261124900000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "merchant_transactions" add column "idempotency_key" varchar(255) null;`);
    this.addSql(`alter table "merchant_transactions" add constraint "merchant_transactions_idempotency_key_unique" unique ("idempotency_key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "merchant_transactions" drop constraint if exists "merchant_transactions_idempotency_key_unique";`);
    this.addSql(`alter table "merchant_transactions" drop column if exists "idempotency_key";`);
  }

}
