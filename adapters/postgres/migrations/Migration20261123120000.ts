import { Migration } from '@mikro-orm/migrations';

/**
 * `national_ids` (core/identity, adapters/postgres/identity-schema.ts): one row per national ID
 * number a member verified, `verified` or `replaced` (the history is kept: a replaced card may
 * carry a new number). The number is stored sealed (AES-256-GCM, its key version beside it) with
 * its keyed hash; partial UNIQUE indexes keep one verified row per hash (one ID, one account) and
 * per member.
 */
export class Migration20261123120000 extends Migration {

  override name = 'Migration20261123120000';

  override up(): void | Promise<void> {
    this.addSql(`create table "national_ids" (
      "id" uuid not null,
      "user_id" uuid not null,
      "status" text not null,
      "id_number_sealed" text not null,
      "key_version" int not null,
      "lookup_hash" varchar(64) not null,
      "first_name" varchar(200) not null,
      "last_name" varchar(200) not null,
      "date_of_birth" date null,
      "sex" text null,
      "phone_number" varchar(32) not null,
      "registry" varchar(32) not null,
      "registry_photo_path" text null,
      "id_photo_path" text null,
      "verified_at" timestamptz not null,
      "replaced_at" timestamptz null,
      primary key ("id"),
      constraint "national_ids_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade,
      constraint "national_ids_status_check" check ("status" in ('verified', 'replaced')),
      constraint "national_ids_sex_check" check ("sex" in ('male', 'female'))
    );`);
    this.addSql(`create unique index "national_ids_verified_hash_unique" on "national_ids" ("lookup_hash") where "status" = 'verified';`);
    this.addSql(`create unique index "national_ids_verified_user_unique" on "national_ids" ("user_id") where "status" = 'verified';`);
    this.addSql(`create index "national_ids_user_index" on "national_ids" ("user_id", "verified_at");`);
    this.addSql(`create index "national_ids_key_version_index" on "national_ids" ("key_version");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "national_ids" cascade;`);
  }

}
