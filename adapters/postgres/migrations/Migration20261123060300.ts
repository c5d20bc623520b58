import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions and sign-in (issue 11), hand-written: when a session was last used and where it was
 * started from (idle expiry, the member's session list); password-reset links beside sign-in
 * links; the progressive sign-in throttle's counts; the outbox's sealed secrets.
 *
 * Sessions already open keep working until the new rules end them: their `last_seen_at` starts
 * at their creation, so a session unused for longer than the idle limit ends at once, and
 * absolute expiries longer than the new limit are brought down to it (12 hours after creation).
 * A sign-in link already waiting in the outbox in clear is dropped from the body: it could not be
 * sealed after the fact without the key, and a new link is one request away.
 */
export class Migration20261123060300 extends Migration {

  override name = 'Migration20261123060300';

  override up(): void | Promise<void> {
    this.addSql(`alter table "sessions" add column "last_seen_at" timestamptz null, add column "client_ip" varchar(64) null, add column "user_agent" varchar(255) null;`);
    this.addSql(`update "sessions" set "last_seen_at" = "created_at";`);
    this.addSql(`alter table "sessions" alter column "last_seen_at" set not null;`);
    this.addSql(`update "sessions" set "expires_at" = least("expires_at", "created_at" + interval '12 hours') where "revoked_at" is null;`);

    this.addSql(`alter table "sign_in_links" drop constraint if exists "sign_in_links_purpose_check";`);
    this.addSql(`alter table "sign_in_links" add constraint "sign_in_links_purpose_check" check ("purpose" in ('magic_link', 'sso', 'password_reset'));`);

    this.addSql(`create table "sign_in_failures" ("key" varchar(320) not null, "failures" int not null, "last_failure_at" timestamptz null, primary key ("key"));`);

    this.addSql(`alter table "outbox_messages" add column "sealed_secret" text null;`);
    this.addSql(`update "outbox_messages" set "body" = regexp_replace("body", '#token=[A-Za-z0-9_-]+', '#token=[removed]', 'g') where "body" like '%#token=%';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "outbox_messages" drop column "sealed_secret";`);
    this.addSql(`drop table if exists "sign_in_failures" cascade;`);
    this.addSql(`delete from "sign_in_links" where "purpose" = 'password_reset';`);
    this.addSql(`alter table "sign_in_links" drop constraint if exists "sign_in_links_purpose_check";`);
    this.addSql(`alter table "sign_in_links" add constraint "sign_in_links_purpose_check" check ("purpose" in ('magic_link', 'sso'));`);
    this.addSql(`alter table "sessions" drop column "last_seen_at", drop column "client_ip", drop column "user_agent";`);
  }

}
