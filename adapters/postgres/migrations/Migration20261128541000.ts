import { Migration } from '@mikro-orm/migrations';

/**
 * The monthly statements sent to groups' members (issue 28, core/tontines/send-monthly-statements.ts):
 * one row per group and Kigali month, inserted in the unit of work that writes every member's
 * notice, so the statement is sent once whatever the re-runs and replicas.
 */
export class Migration20261128541000 extends Migration {

  override name = 'Migration20261128541000';

  override up(): void | Promise<void> {
    this.addSql(`create table "tontine_monthly_statements" (
      "tontine_id" uuid not null,
      "month" char(7) not null,
      "sent_at" timestamptz not null,
      constraint "tontine_monthly_statements_pkey" primary key ("tontine_id", "month"),
      constraint "tontine_monthly_statements_month_check" check ("month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      constraint "tontine_monthly_statements_tontine_foreign" foreign key ("tontine_id") references "tontines" ("id") on delete cascade
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "tontine_monthly_statements";`);
  }
}
