import { Migration } from '@mikro-orm/migrations';

/**
 * Data rights (issue 28, Law 058/2021; core/data-rights):
 * - `data_exports`: a member's export of their data, pending until the job prepares its files,
 *   ready for 7 days, then expired (files purged). One pending export per member.
 * - `credit_scoring_consents.text_version` and `withdrawn_at`: the consent's words' version (the
 *   rows before it consented to the first text) and its withdrawal.
 * - `users.erased_at`: when the account was erased (its personal data gone, its id a pseudonym).
 */
export class Migration20261128530000 extends Migration {

  override name = 'Migration20261128530000';

  override up(): void | Promise<void> {
    this.addSql(`create table "data_exports" ("id" uuid not null, "member_id" uuid not null, "status" text not null, "requested_at" timestamptz not null, "ready_at" timestamptz null, "expires_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "data_exports" add constraint "data_exports_status_check" check ("status" in ('pending', 'ready', 'expired'));`);
    this.addSql(`alter table "data_exports" add constraint "data_exports_ready_check" check ("status" = 'pending' or ("ready_at" is not null) = ("expires_at" is not null));`);
    this.addSql(`alter table "data_exports" add constraint "data_exports_member_id_foreign" foreign key ("member_id") references "users" ("id") on delete cascade;`);
    this.addSql(`create unique index "data_exports_one_pending" on "data_exports" ("member_id") where "status" = 'pending';`);
    this.addSql(`create index "data_exports_expires_at_index" on "data_exports" ("expires_at") where "status" = 'ready';`);
    this.addSql(`alter table "credit_scoring_consents" add column "text_version" varchar(32) not null default '2026-11-22', add column "withdrawn_at" timestamptz null;`);
    this.addSql(`alter table "users" add column "erased_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "erased_at";`);
    this.addSql(`alter table "credit_scoring_consents" drop column "text_version", drop column "withdrawn_at";`);
    this.addSql(`drop table if exists "data_exports" cascade;`);
  }
}
