import { Migration } from '@mikro-orm/migrations';

/**
 * Group decisions (issue 28, DOMAIN.md "Group decisions"):
 *
 * - `tontines.decision_rule`: how the group's proposals pass, chosen at creation: `majority` (of
 *   all members; every existing group) or `unanimity`.
 * - `group_proposals`: one row per proposal, its change (JSON, checked by kind in core) and, once
 *   closed, its status and when; `void_reason` says why a passed change could not be made.
 *   Open proposals are found by their expiry (partial index) for the job that closes them.
 * - `group_proposal_votes`: one row per member and proposal (the primary key): a member votes
 *   once, and changing the vote rewrites that row.
 */
export class Migration20261128510000 extends Migration {

  override name = 'Migration20261128510000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tontines" add column "decision_rule" text not null default 'majority' check ("decision_rule" in ('majority', 'unanimity'));`);
    this.addSql(`create table "group_proposals" (
      "id" uuid not null primary key,
      "tontine_id" uuid not null references "tontines" ("id") on delete cascade,
      "author_id" uuid not null references "users" ("id"),
      "kind" text not null check ("kind" in ('change_fine', 'waive_fine', 'change_payout_order')),
      "text" text not null,
      "change" jsonb not null,
      "rule" text not null check ("rule" in ('majority', 'unanimity')),
      "status" text not null default 'open' check ("status" in ('open', 'passed', 'rejected', 'void')),
      "void_reason" text null,
      "created_at" timestamptz not null,
      "closes_at" timestamptz not null,
      "closed_at" timestamptz null,
      check (("status" = 'open') = ("closed_at" is null)),
      check (("status" = 'void') = ("void_reason" is not null))
    );`);
    this.addSql(`create index "group_proposals_tontine_index" on "group_proposals" ("tontine_id", "created_at" desc);`);
    this.addSql(`create index "group_proposals_open_expiry_index" on "group_proposals" ("closes_at") where "status" = 'open';`);
    this.addSql(`create table "group_proposal_votes" (
      "proposal_id" uuid not null references "group_proposals" ("id") on delete cascade,
      "member_id" uuid not null references "users" ("id"),
      "vote" text not null check ("vote" in ('yes', 'no')),
      "voted_at" timestamptz not null,
      primary key ("proposal_id", "member_id")
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "group_proposal_votes";`);
    this.addSql(`drop table "group_proposals";`);
    this.addSql(`alter table "tontines" drop column "decision_rule";`);
  }
}
