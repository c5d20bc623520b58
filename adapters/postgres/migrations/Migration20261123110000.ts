import { Migration } from '@mikro-orm/migrations';

/**
 * The uploads module's table (core/uploads, adapters/postgres/uploads-schema.ts): `stored_objects`,
 * one row per object a member was given an upload address for, `pending` until its bytes were
 * checked by content, then `stored` with the type and size the content showed. The id is chosen
 * by the server and names the object (`/objects/<visibility>/<id>`); `upload_id` ties a multipart
 * upload to its one object. The owner's objects go with the account.
 */
export class Migration20261123110000 extends Migration {

  override name = 'Migration20261123110000';

  override up(): void | Promise<void> {
    this.addSql(`create table "stored_objects" (
      "id" uuid not null,
      "owner_id" uuid not null,
      "visibility" text not null,
      "status" text not null,
      "content_type" text null,
      "size" int null,
      "upload_id" varchar(1024) null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null,
      "stored_at" timestamptz null,
      primary key ("id")
    );`);
    this.addSql(`alter table "stored_objects" add constraint "stored_objects_upload_id_unique" unique ("upload_id");`);
    this.addSql(`create index "stored_objects_owner_created_index" on "stored_objects" ("owner_id", "created_at");`);
    this.addSql(`alter table "stored_objects" add constraint "stored_objects_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "stored_objects" add constraint "stored_objects_visibility_check" check ("visibility" in ('private', 'public'));`);
    this.addSql(`alter table "stored_objects" add constraint "stored_objects_status_check" check ("status" in ('pending', 'stored'));`);
    this.addSql(`alter table "stored_objects" add constraint "stored_objects_content_type_check" check ("content_type" in ('image/jpeg', 'image/png', 'image/webp'));`);
    // What `stored` promises: the bytes were checked, so their type and size are known.
    this.addSql(`alter table "stored_objects" add constraint "stored_objects_stored_is_checked_check" check ("status" <> 'stored' or ("content_type" is not null and "size" is not null and "stored_at" is not null));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "stored_objects" cascade;`);
  }

}
