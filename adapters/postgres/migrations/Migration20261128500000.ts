import { Migration } from '@mikro-orm/migrations';

/**
 * Late fines (DOMAIN.md "Fines", issue 28). A group's rule is `tontines.late_fine` (null: none).
 * A fine is a contribution row naming the contribution it fines (`fine_of`, at most one fine per
 * contribution: the job that posts them can run twice and post once); it shares its member, group
 * and cycle, so the one-contribution-per-(group, member, cycle) rule now holds for contributions
 * that are no fine; `posted_at` is when it was posted (the group's books show it). A waived fine has status `waived` and its waiver (who decided, why) in `waiver`.
 */
export class Migration20261128500000 extends Migration {

  override name = 'Migration20261128500000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tontines" add column "late_fine" jsonb null;`);
    this.addSql(`alter table "contributions" add column "fine_of" uuid null, add column "posted_at" timestamptz null, add column "waiver" jsonb null;`);
    this.addSql(`alter table "contributions" add constraint "contributions_fine_of_foreign" foreign key ("fine_of") references "contributions" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "contributions" add constraint "contributions_fine_of_unique" unique ("fine_of");`);
    this.addSql(`alter table "contributions" drop constraint "contributions_tontine_member_cycle_unique";`);
    this.addSql(`create unique index "contributions_tontine_member_cycle_unique" on "contributions" ("tontine_id", "member_id", "cycle") where "fine_of" is null;`);
    this.addSql(`alter table "contributions" drop constraint "contributions_status_check";`);
    this.addSql(`alter table "contributions" add constraint "contributions_status_check" check ("status" in ('pending', 'completed', 'waived'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "contributions" where "fine_of" is not null;`);
    this.addSql(`alter table "contributions" drop constraint "contributions_status_check";`);
    this.addSql(`alter table "contributions" add constraint "contributions_status_check" check ("status" in ('pending', 'completed'));`);
    this.addSql(`drop index "contributions_tontine_member_cycle_unique";`);
    this.addSql(`alter table "contributions" add constraint "contributions_tontine_member_cycle_unique" unique ("tontine_id", "member_id", "cycle");`);
    this.addSql(`alter table "contributions" drop constraint "contributions_fine_of_unique", drop constraint "contributions_fine_of_foreign", drop column "fine_of", drop column "posted_at", drop column "waiver";`);
    this.addSql(`alter table "tontines" drop column "late_fine";`);
  }
}
