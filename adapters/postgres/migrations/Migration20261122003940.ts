import { Migration } from '@mikro-orm/migrations';

/**
 * Tontines, members, contributions, chat, categories (the six defaults seeded), payments,
 * notifications and the double-entry ledger.
 */
export class Migration20261122003940 extends Migration {

  override name = 'Migration20261122003940';

  override up(): void | Promise<void> {
    this.addSql(`create table "journal_entries" ("id" uuid not null, "key" varchar(255) not null, "kind" varchar(64) not null, "reverses_id" uuid null, "occurred_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "journal_entries" add constraint "journal_entries_key_unique" unique ("key");`);
    this.addSql(`alter table "journal_entries" add constraint "journal_entries_reverses_unique" unique ("reverses_id");`);

    this.addSql(`create table "ledger_accounts" ("id" varchar(160) not null, "kind" varchar(32) not null, "may_go_negative" boolean not null, primary key ("id"));`);

    this.addSql(`create table "ledger_postings" ("entry_id" uuid not null, "account_id" varchar(160) not null, "amount_centimes" bigint not null, primary key ("entry_id", "account_id"));`);
    this.addSql(`create index "ledger_postings_account_id_index" on "ledger_postings" ("account_id");`);

    this.addSql(`create table "tontine_categories" ("id" varchar(40) not null, "name" varchar(100) not null, "description" text not null, "frequency" text not null, "default_avg_contribution_centimes" bigint not null, "sort_order" int not null, primary key ("id"));`);

    this.addSql(`create table "tontines" ("id" uuid not null, "name" varchar(100) not null, "description" text not null, "category" varchar(40) null, "contribution_centimes" bigint not null, "frequency" text not null, "max_members" int not null, "creator_id" uuid not null, "created_at" timestamptz not null, "status" text not null, "start_date" date null, "current_cycle" int not null, "rotation" jsonb not null, primary key ("id"));`);
    this.addSql(`create index "tontines_creator_id_index" on "tontines" ("creator_id");`);
    this.addSql(`create index "tontines_status_index" on "tontines" ("status");`);

    this.addSql(`create table "tontine_members" ("tontine_id" uuid not null, "user_id" uuid not null, "joined_at" timestamptz not null, "join_position" int not null, primary key ("tontine_id", "user_id"));`);
    this.addSql(`create index "tontine_members_user_id_index" on "tontine_members" ("user_id");`);

    this.addSql(`create table "notifications" ("id" uuid not null, "user_id" uuid not null, "type" text not null, "title" varchar(200) not null, "message" text not null, "is_read" boolean not null default false, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "notifications_user_created_index" on "notifications" ("user_id", "created_at");`);

    this.addSql(`create table "contributions" ("id" uuid not null, "tontine_id" uuid not null, "member_id" uuid not null, "cycle" int not null, "amount_centimes" bigint not null, "due_date" date not null, "status" text not null, "paid_at" timestamptz null, "payment_method" text null, "payment_reference" varchar(255) null, primary key ("id"));`);
    this.addSql(`create index "contributions_member_id_index" on "contributions" ("member_id");`);
    this.addSql(`create index "contributions_tontine_cycle_index" on "contributions" ("tontine_id", "cycle");`);
    this.addSql(`alter table "contributions" add constraint "contributions_tontine_member_cycle_unique" unique ("tontine_id", "member_id", "cycle");`);

    this.addSql(`create table "payments" ("id" uuid not null, "kind" text not null, "provider" varchar(16) not null, "reference" varchar(255) not null, "member_id" uuid not null, "idempotency_key" varchar(255) null, "contribution_id" uuid null, "tontine_id" uuid not null, "amount_centimes" bigint not null, "phone_number" varchar(32) not null, "status" text not null, "reason" varchar(255) null, "provider_transaction_id" varchar(255) null, "created_at" timestamptz not null, "completed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "payments_contribution_id_index" on "payments" ("contribution_id");`);
    this.addSql(`create index "payments_tontine_id_index" on "payments" ("tontine_id");`);
    this.addSql(`create index "payments_status_created_index" on "payments" ("status", "created_at");`);
    this.addSql(`alter table "payments" add constraint "payments_reference_provider_unique" unique ("reference", "provider");`);
    this.addSql(`alter table "payments" add constraint "payments_member_idempotency_key_unique" unique ("member_id", "idempotency_key");`);

    this.addSql(`create table "chat_messages" ("id" uuid not null, "tontine_id" uuid not null, "user_id" uuid not null, "message" text not null, "message_type" text not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "chat_messages_tontine_created_index" on "chat_messages" ("tontine_id", "created_at");`);

    this.addSql(`alter table "journal_entries" add constraint "journal_entries_reverses_id_foreign" foreign key ("reverses_id") references "journal_entries" ("id") on delete restrict;`);

    this.addSql(`alter table "ledger_postings" add constraint "ledger_postings_entry_id_foreign" foreign key ("entry_id") references "journal_entries" ("id") on update restrict on delete restrict;`);
    this.addSql(`alter table "ledger_postings" add constraint "ledger_postings_account_id_foreign" foreign key ("account_id") references "ledger_accounts" ("id") on update restrict on delete restrict;`);

    this.addSql(`alter table "tontine_categories" add constraint "tontine_categories_frequency_check" check ("frequency" in ('daily', 'weekly', 'monthly'));`);

    this.addSql(`alter table "tontines" add constraint "tontines_creator_id_foreign" foreign key ("creator_id") references "users" ("id");`);
    this.addSql(`alter table "tontines" add constraint "tontines_frequency_check" check ("frequency" in ('daily', 'weekly', 'monthly'));`);
    this.addSql(`alter table "tontines" add constraint "tontines_status_check" check ("status" in ('forming', 'active', 'completed', 'cancelled'));`);

    this.addSql(`alter table "tontine_members" add constraint "tontine_members_tontine_id_foreign" foreign key ("tontine_id") references "tontines" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tontine_members" add constraint "tontine_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "notifications" add constraint "notifications_type_check" check ("type" in ('contribution_due', 'loan_payment', 'payout_received', 'other'));`);

    this.addSql(`alter table "contributions" add constraint "contributions_tontine_id_foreign" foreign key ("tontine_id") references "tontines" ("id") on delete cascade;`);
    this.addSql(`alter table "contributions" add constraint "contributions_member_id_foreign" foreign key ("member_id") references "users" ("id");`);
    this.addSql(`alter table "contributions" add constraint "contributions_status_check" check ("status" in ('pending', 'completed'));`);
    this.addSql(`alter table "contributions" add constraint "contributions_payment_method_check" check ("payment_method" in ('mobile_money', 'pot_deduction'));`);

    this.addSql(`alter table "payments" add constraint "payments_member_id_foreign" foreign key ("member_id") references "users" ("id");`);
    this.addSql(`alter table "payments" add constraint "payments_contribution_id_foreign" foreign key ("contribution_id") references "contributions" ("id") on delete set null;`);
    this.addSql(`alter table "payments" add constraint "payments_tontine_id_foreign" foreign key ("tontine_id") references "tontines" ("id");`);
    this.addSql(`alter table "payments" add constraint "payments_kind_check" check ("kind" in ('contribution', 'withdrawal', 'payout'));`);
    this.addSql(`alter table "payments" add constraint "payments_status_check" check ("status" in ('pending', 'successful', 'failed'));`);

    this.addSql(`alter table "chat_messages" add constraint "chat_messages_tontine_id_foreign" foreign key ("tontine_id") references "tontines" ("id") on delete cascade;`);
    this.addSql(`alter table "chat_messages" add constraint "chat_messages_user_id_foreign" foreign key ("user_id") references "users" ("id");`);
    this.addSql(`alter table "chat_messages" add constraint "chat_messages_message_type_check" check ("message_type" in ('text', 'system', 'payment_notification'));`);
    // The six default categories of the specification (part 1 §3); their member counts and
    // average contributions are computed from real groups, these averages stand in while a
    // category has none.
    this.addSql(`insert into "tontine_categories" ("id", "name", "description", "frequency", "default_avg_contribution_centimes", "sort_order") values
      ('daily_micro', 'Daily Micro Savings', 'Small daily amounts for market vendors, moto drivers and daily earners.', 'daily', 500, 1),
      ('weekly_workers', 'Weekly Workers', 'A weekly rhythm for salaried and casual workers paid by the week.', 'weekly', 5000, 2),
      ('monthly_professionals', 'Monthly Professionals', 'Monthly contributions timed with the salary of professionals.', 'monthly', 20000, 3),
      ('business_builders', 'Business Builders', 'Larger monthly pots for traders and small businesses growing their stock.', 'monthly', 50000, 4),
      ('student_savers', 'Student Savers', 'Modest weekly savings for students and young people.', 'weekly', 2500, 5),
      ('women_entrepreneurs', 'Women Entrepreneurs', 'Weekly groups where women entrepreneurs save and back each other.', 'weekly', 15000, 6);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "journal_entries" drop constraint "journal_entries_reverses_id_foreign";`);
    this.addSql(`alter table "ledger_postings" drop constraint "ledger_postings_entry_id_foreign";`);
    this.addSql(`alter table "ledger_postings" drop constraint "ledger_postings_account_id_foreign";`);
    this.addSql(`alter table "tontine_members" drop constraint "tontine_members_tontine_id_foreign";`);
    this.addSql(`alter table "contributions" drop constraint "contributions_tontine_id_foreign";`);
    this.addSql(`alter table "payments" drop constraint "payments_tontine_id_foreign";`);
    this.addSql(`alter table "chat_messages" drop constraint "chat_messages_tontine_id_foreign";`);
    this.addSql(`alter table "payments" drop constraint "payments_contribution_id_foreign";`);

    this.addSql(`drop table if exists "journal_entries" cascade;`);
    this.addSql(`drop table if exists "ledger_accounts" cascade;`);
    this.addSql(`drop table if exists "ledger_postings" cascade;`);
    this.addSql(`drop table if exists "tontine_categories" cascade;`);
    this.addSql(`drop table if exists "tontines" cascade;`);
    this.addSql(`drop table if exists "tontine_members" cascade;`);
    this.addSql(`drop table if exists "notifications" cascade;`);
    this.addSql(`drop table if exists "contributions" cascade;`);
    this.addSql(`drop table if exists "payments" cascade;`);
    this.addSql(`drop table if exists "chat_messages" cascade;`);
  }

}
