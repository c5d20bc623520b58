import { Migration } from '@mikro-orm/migrations';

export class Migration20261122002438 extends Migration {

  override name = 'Migration20261122002438';

  override up(): void | Promise<void> {
    this.addSql(`create table "outbox_messages" ("id" uuid not null, "channel" text not null, "recipient" varchar(254) not null, "subject" varchar(255) null, "body" text not null, "status" text not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "last_error" text null, "provider_message_id" varchar(255) null, "created_at" timestamptz not null, "sent_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "outbox_messages_due_index" on "outbox_messages" ("status", "channel", "next_attempt_at");`);
    this.addSql(`alter table "outbox_messages" add constraint "outbox_messages_channel_check" check ("channel" in ('email', 'sms'));`);
    this.addSql(`alter table "outbox_messages" add constraint "outbox_messages_status_check" check ("status" in ('pending', 'sent', 'failed'));`);

    this.addSql(`create table "rate_limit_windows" ("key" varchar(320) not null, "window_start" timestamptz not null, "hits" int not null, primary key ("key", "window_start"));`);

    this.addSql(`create table "sso_attempts" ("state" varchar(128) not null, "nonce" varchar(128) not null, "code_verifier" varchar(128) not null, "expires_at" timestamptz not null, primary key ("state"));`);

    this.addSql(`create table "users" ("id" uuid not null, "email" varchar(254) not null, "password_hash" varchar(255) null, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "phone_number" varchar(32) null, "language" text not null default 'en', "profession" varchar(100) null, "address" varchar(255) null, "date_of_birth" date null, "profile_photo_url" varchar(2048) null, "email_verified" boolean not null default false, "nida_verified" boolean not null default false, "kyc_verified" boolean not null default false, "is_demo" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_language_check" check ("language" in ('en', 'fr', 'rw', 'sw'));`);

    this.addSql(`create table "sign_in_links" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "purpose" text not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_ip" varchar(64) null, primary key ("id"));`);
    this.addSql(`create index "sign_in_links_user_id_index" on "sign_in_links" ("user_id");`);
    this.addSql(`alter table "sign_in_links" add constraint "sign_in_links_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "sign_in_links" add constraint "sign_in_links_purpose_check" check ("purpose" in ('magic_link', 'sso'));`);

    this.addSql(`create table "sessions" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`alter table "sessions" add constraint "sessions_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "user_identities" ("provider" varchar(32) not null, "subject" varchar(255) not null, "user_id" uuid not null, "created_at" timestamptz not null, primary key ("provider", "subject"));`);
    this.addSql(`create index "user_identities_user_id_index" on "user_identities" ("user_id");`);

    this.addSql(`alter table "sign_in_links" add constraint "sign_in_links_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "user_identities" add constraint "user_identities_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

}
