import { Migration } from '@mikro-orm/migrations';

/**
 * Fewer index writes on every payment (see adapters/postgres/payments-schema.ts), hand-written.
 * A payment's status changes once (pending → successful | failed); with `status` in two full
 * indexes, that update wrote a new entry into both, and every payment sat in both for good. Only
 * pending payments are looked up by status (the polling job) and only payments with a retry time
 * by it (the retry job), so those indexes now hold only those rows: a settled payment leaves them,
 * and its status update writes three index entries fewer.
 */
export class Migration20261122050000 extends Migration {

  override name = 'Migration20261122050000';

  override up(): void | Promise<void> {
    this.addSql(`create index "payments_pending_poll_index" on "payments" ("last_polled_at" nulls first, "created_at", "id") where "status" = 'pending';`);
    this.addSql(`create index "payments_retry_due_index" on "payments" ("retry_at", "id") where "retry_at" is not null;`);
    this.addSql(`drop index if exists "payments_status_created_index";`);
    this.addSql(`drop index if exists "payments_status_polled_index";`);
    this.addSql(`drop index if exists "payments_retry_at_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "payments_status_created_index" on "payments" ("status", "created_at");`);
    this.addSql(`create index "payments_status_polled_index" on "payments" ("status", "last_polled_at");`);
    this.addSql(`create index "payments_retry_at_index" on "payments" ("retry_at");`);
    this.addSql(`drop index if exists "payments_retry_due_index";`);
    this.addSql(`drop index if exists "payments_pending_poll_index";`);
  }

}
