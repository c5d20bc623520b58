import { Migration } from '@mikro-orm/migrations';

/**
 * The audit log (core/audit, adapters/postgres/audit-schema.ts), hand-written, and who decided a
 * loan (`loans.decided_by`: `system` or `admin:<name>`; unknown, so null, for loans decided before).
 *
 * The audit log is APPEND-ONLY: a trigger refuses every UPDATE and DELETE of a row and every
 * TRUNCATE of the table, whoever asks. Each row carries the sha256 of its content and of the
 * previous row's hash (core/audit/audit-chain.ts), so a change made around the trigger (a
 * superuser disabling it, or writing with session_replication_role = replica) is still found by
 * `npm run admin -- audit verify`. The application's database role should own neither this table
 * nor the database, so that it cannot disable the trigger.
 */
export class Migration20261123060400 extends Migration {

  override name = 'Migration20261123060400';

  override up(): void | Promise<void> {
    this.addSql(`create table "audit_log" ("seq" bigint not null, "occurred_at" timestamptz(3) not null, "action" text not null, "actor" text not null, "subject" text not null, "details" jsonb not null, "prev_hash" varchar(64) not null, "hash" varchar(64) not null, primary key ("seq"));`);
    this.addSql(`create index "audit_log_action_index" on "audit_log" ("action", "seq");`);
    this.addSql(`create index "audit_log_subject_index" on "audit_log" ("subject", "seq");`);
    this.addSql(`create function "audit_log_append_only"() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
      end;
    $$;`);
    this.addSql(`create trigger "audit_log_no_update_or_delete" before update or delete on "audit_log" for each row execute function "audit_log_append_only"();`);
    this.addSql(`create trigger "audit_log_no_truncate" before truncate on "audit_log" for each statement execute function "audit_log_append_only"();`);
    this.addSql(`alter table "loans" add column "decided_by" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "loans" drop column if exists "decided_by";`);
    this.addSql(`drop table if exists "audit_log";`);
    this.addSql(`drop function if exists "audit_log_append_only"();`);
  }

}
