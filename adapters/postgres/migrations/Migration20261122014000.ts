import { Migration } from '@mikro-orm/migrations';

/**
 * USSD channel (issue 5), hand-written for its tables only (see adapters/postgres/ussd-schema.ts):
 * accounts opened by phone have no e-mail; their PINs; session state per sessionId; PIN access
 * per phone.
 */
export class Migration20261122014000 extends Migration {

  override name = 'Migration20261122014000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" alter column "email" drop not null;`);

    this.addSql(`create table "ussd_pins" ("phone_number" varchar(32) not null, "user_id" uuid not null, "pin_hash" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("phone_number"));`);
    this.addSql(`alter table "ussd_pins" add constraint "ussd_pins_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "ussd_pins" add constraint "ussd_pins_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade deferrable initially deferred;`);

    this.addSql(`create table "ussd_session" ("session_id" varchar(128) not null, "phone" varchar(32) not null, "state" jsonb not null, "expires_at" timestamptz not null, primary key ("session_id"));`);
    this.addSql(`create index "ussd_session_expires_at_index" on "ussd_session" ("expires_at");`);

    this.addSql(`create table "ussd_access" ("phone" varchar(32) not null, "state" jsonb not null, primary key ("phone"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ussd_access" cascade;`);
    this.addSql(`drop table if exists "ussd_session" cascade;`);
    this.addSql(`drop table if exists "ussd_pins" cascade;`);
    // Phone accounts have no e-mail: they go with the constraint.
    this.addSql(`delete from "users" where "email" is null;`);
    this.addSql(`alter table "users" alter column "email" set not null;`);
  }

}
