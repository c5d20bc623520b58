import { Migration } from '@mikro-orm/migrations';

/**
 * USSD PIN access per phone, from a fixed lock to growing waits (core/accounts/pin-slowdown.ts),
 * hand-written: `ussd_access.state` was `{wrongInARow, lockedUntil}` and is now
 * `{wrongInARow, lastWrongAt, retryAt}`. A lock in force is kept as the wait it was (its end becomes
 * `retryAt`); the count is kept; the time of the last wrong PIN was not stored, so it is taken as
 * now, which only makes the count live for one more day. The table and columns do not change.
 * (`->` is SQL null only for a missing key, so each statement touches only rows of the old shape.)
 */
export class Migration20261123060100 extends Migration {

  override name = 'Migration20261123060100';

  override up(): void | Promise<void> {
    this.addSql(`update "ussd_access" set "state" = jsonb_build_object(
      'wrongInARow', coalesce(("state"->>'wrongInARow')::int, 0),
      'lastWrongAt', case when coalesce(("state"->>'wrongInARow')::int, 0) > 0 or "state"->>'lockedUntil' is not null
                          then to_jsonb(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) else 'null'::jsonb end,
      'retryAt', coalesce("state"->'lockedUntil', 'null'::jsonb))
      where "state"->'lockedUntil' is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`update "ussd_access" set "state" = jsonb_build_object(
      'wrongInARow', coalesce(("state"->>'wrongInARow')::int, 0),
      'lockedUntil', coalesce("state"->'retryAt', 'null'::jsonb))
      where "state"->'retryAt' is not null;`);
  }

}
