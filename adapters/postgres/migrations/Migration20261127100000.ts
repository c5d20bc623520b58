import { Migration } from '@mikro-orm/migrations';
import { normaliseInternationalNumber, normalisePhoneNumber } from '../../../core/identity/phone-number.ts';

type Reader = (text: string) => { ok: true; value: string } | { ok: false };

/** A column holding phone numbers and how it is read (core/identity/phone-number.ts). */
interface PhoneColumn {
  table: string;
  column: string;
  /** The column that names the row in the report. */
  key: string;
  read: Reader;
}

/**
 * One phone number, one stored form (docs/decisions/0060-one-phone-number-one-member.md):
 *
 * - `ussd_access_codes`: the outstanding code of a web account setting up USSD access
 *   (core/accounts/ussd-access.ts), one per account.
 * - `users_phone_number_index`: USSD registration asks whether a web account gives the caller's
 *   number, on the first step of every new caller.
 * - Numbers already stored are rewritten in E.164 by the same reader every channel now uses:
 *   members' phones (users, national_ids), merchants' and agents' payout numbers, the numbers of
 *   payments and merchant sales (compared when a payment is repeated), and the USSD tables.
 *   Money already moving (outgoing transfers, loan collections) keeps the number it was sent to.
 * - Nothing is merged or deleted that holds money or a credential. What cannot be rewritten is
 *   left as it was and listed in `phone_number_conflicts`: a number no reader takes (`unreadable`),
 *   and a USSD key whose E.164 form another key already has (`ussd_key_taken`: the key already in
 *   E.164 keeps the number, since the gateway sends E.164 it is the one USSD finds, and the other
 *   account stays reachable by e-mail or by support). Web accounts that end up giving the same
 *   number are no conflict (a household may share a phone): USSD registration on it is refused
 *   for all of them alike, and the first to prove it by code gets USSD access.
 * - PIN slow-downs (`ussd_access`) of two forms of one number keep the one already in E.164; open
 *   USSD sessions under a non-E.164 number are dropped (they last 5 minutes).
 */
export class Migration20261127100000 extends Migration {
  override name = 'Migration20261127100000';

  override async up(): Promise<void> {
    await this.execute(`create table "ussd_access_codes" (
      "user_id" uuid not null,
      "phone_number" varchar(32) not null,
      "code_hash" varchar(64) not null,
      "attempts" int not null default 0,
      "expires_at" timestamptz not null,
      "created_at" timestamptz not null,
      constraint "ussd_access_codes_pkey" primary key ("user_id"),
      constraint "ussd_access_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade
    );`);
    await this.execute(`create index "users_phone_number_index" on "users" ("phone_number");`);
    await this.execute(`create table "phone_number_conflicts" (
      "id" bigserial primary key,
      "table_name" varchar(64) not null,
      "row_key" varchar(255) not null,
      "phone_number" varchar(64) not null,
      "reason" varchar(32) not null check ("reason" in ('unreadable', 'ussd_key_taken')),
      "noted_at" timestamptz not null default now()
    );`);

    const rwandan: Reader = normalisePhoneNumber;
    const any: Reader = normaliseInternationalNumber;
    const columns: PhoneColumn[] = [
      { table: 'users', column: 'phone_number', key: 'id', read: any },
      { table: 'national_ids', column: 'phone_number', key: 'id', read: rwandan },
      { table: 'merchants', column: 'phone_number', key: 'id', read: rwandan },
      { table: 'agents', column: 'phone_number', key: 'id', read: rwandan },
      { table: 'payments', column: 'phone_number', key: 'id', read: any },
      { table: 'merchant_transactions', column: 'customer_phone_number', key: 'id', read: any },
    ];
    for (const c of columns) await this.rewrite(c);
    await this.rewriteUssdKeys();
    await this.rewriteKeyed('ussd_access', 'phone');
    await this.execute(`delete from "ussd_session" where "phone" !~ '^\\+[1-9][0-9]{7,14}$'`);
  }

  /** Rewrites one column in place; the unreadable are reported, not changed. */
  private async rewrite({ table, column, key, read }: PhoneColumn): Promise<void> {
    const rows = (await this.execute(`select "${key}"::text as key, "${column}" as phone from "${table}" where "${column}" is not null`)) as { key: string; phone: string }[];
    for (const row of rows) {
      const e164 = read(row.phone);
      if (!e164.ok) await this.report(table, row.key, row.phone, 'unreadable');
      else if (e164.value !== row.phone) await this.execute(`update "${table}" set "${column}" = ? where "${key}"::text = ?`, [e164.value, row.key]);
    }
  }

  /** The USSD keys (primary key: the number): a key whose E.164 form is taken stays as it was, reported. */
  private async rewriteUssdKeys(): Promise<void> {
    const rows = (await this.execute(`select "phone_number" as phone, "user_id"::text as user_id from "ussd_pins" order by ("phone_number" ~ '^\\+') desc, "created_at", "phone_number"`)) as { phone: string; user_id: string }[];
    const keys = new Set(rows.map((row) => row.phone));
    for (const row of rows) {
      const e164 = normaliseInternationalNumber(row.phone);
      if (!e164.ok) await this.report('ussd_pins', row.user_id, row.phone, 'unreadable');
      else if (e164.value === row.phone) continue;
      else if (keys.has(e164.value)) await this.report('ussd_pins', row.user_id, row.phone, 'ussd_key_taken');
      else {
        await this.execute(`update "ussd_pins" set "phone_number" = ? where "phone_number" = ?`, [e164.value, row.phone]);
        keys.delete(row.phone);
        keys.add(e164.value);
      }
    }
  }

  /** A table keyed by the number that holds no money: a form whose E.164 key exists is dropped. */
  private async rewriteKeyed(table: string, column: string): Promise<void> {
    const rows = (await this.execute(`select "${column}" as phone from "${table}"`)) as { phone: string }[];
    const keys = new Set(rows.map((row) => row.phone));
    for (const { phone } of rows) {
      const e164 = normaliseInternationalNumber(phone);
      if (e164.ok && e164.value === phone) continue;
      if (!e164.ok || keys.has(e164.value)) await this.execute(`delete from "${table}" where "${column}" = ?`, [phone]);
      else {
        await this.execute(`update "${table}" set "${column}" = ? where "${column}" = ?`, [e164.value, phone]);
        keys.add(e164.value);
      }
    }
  }

  private async report(table: string, key: string, phone: string, reason: 'unreadable' | 'ussd_key_taken'): Promise<void> {
    await this.execute(`insert into "phone_number_conflicts" ("table_name", "row_key", "phone_number", "reason") values (?, ?, ?, ?)`, [table, key, phone.slice(0, 64), reason]);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "phone_number_conflicts";`);
    await this.execute(`drop index if exists "users_phone_number_index";`);
    await this.execute(`drop table if exists "ussd_access_codes";`);
  }
}
