import { Migration } from '@mikro-orm/migrations';

/** The scheduler's tables: notices sent per contribution, and SMS deliveries with their reports. */
export class Migration20261122003900 extends Migration {

  override name = 'Migration20261122003900';

  override up(): void | Promise<void> {
    this.addSql(`create table "contribution_notices" ("contribution_id" varchar(64) not null, "kind" text not null, "sent_at" timestamptz not null, primary key ("contribution_id", "kind"));`);
    this.addSql(`alter table "contribution_notices" add constraint "contribution_notices_kind_check" check ("kind" in ('three_days_before', 'one_day_before', 'due_date', 'overdue'));`);

    this.addSql(`create table "sms_deliveries" ("outbox_message_id" uuid not null, "provider_message_id" varchar(255) not null, "status" varchar(64) not null, "final" boolean not null default false, "delivered" boolean not null default false, "network_code" varchar(16) null, "failure_reason" varchar(255) null, "sent_at" timestamptz not null, "reported_at" timestamptz null, primary key ("outbox_message_id"));`);
    this.addSql(`alter table "sms_deliveries" add constraint "sms_deliveries_provider_message_id_unique" unique ("provider_message_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sms_deliveries" cascade;`);
    this.addSql(`drop table if exists "contribution_notices" cascade;`);
  }

}
