import { Migration } from '@mikro-orm/migrations';

/**
 * Words out of the stored rows (issue 31 "the four languages complete"), so that a member reads
 * them in the language they have now, not the one they had when the row was written:
 *
 * - `loans.decision_reason_code` + `decision_reason_params`: the decision's reason as a code with
 *   its figures (core/loans/decision-reason.ts). The English sentences the code wrote before are
 *   turned into their codes (instant approval, score below the minimum, approved by an officer);
 *   any other sentence (an officer's own words) stays in `decision_reason`, shown as written.
 * - `notifications.template` + `params`: the catalogue key and parameters the notification was
 *   written from (apps/notifications/catalogue.ts); it is rendered when read. The rows written
 *   before have no key: their `title` and `message`, in the language of the time, are shown as
 *   they are (they were also the SMS and e-mail that went out). New rows keep their first
 *   rendering there too, as the fallback.
 */
export class Migration20261128431000 extends Migration {

  override name = 'Migration20261128431000';

  override async up(): Promise<void> {
    await this.execute(`alter table "loans" add column "decision_reason_code" text null, add column "decision_reason_params" jsonb null;`);
    // Run at once (not queued) so that the test can run it over rows of its own; no question mark
    // in these patterns: execute would read it as a parameter.
    // "Approved: 20,000 RWF is within your available limit of 50,000 RWF and your credit score 640 is at least 600."
    await this.execute(`
      update "loans" l set
        "decision_reason_code" = 'instant_approval',
        "decision_reason_params" = jsonb_build_object(
          'amount', to_char(replace(m[1], ',', '')::numeric, 'FM9999999999990.00'),
          'available', to_char(replace(m[2], ',', '')::numeric, 'FM9999999999990.00'),
          'score', m[3]::int,
          'minimumScore', m[4]::int),
        "decision_reason" = null
      from (select "id", regexp_match("decision_reason", '^Approved: ([0-9][0-9,.]*) RWF is within your available limit of ([0-9][0-9,.]*) RWF and your credit score ([0-9]+) is at least ([0-9]+)\\.$') m
            from "loans" where "decision_reason" is not null) found
      where found."id" = l."id" and found.m is not null;`);
    // "Waiting for review: your credit score 540 is below 600, so an officer decides."
    await this.execute(`
      update "loans" l set
        "decision_reason_code" = 'score_below_minimum',
        "decision_reason_params" = jsonb_build_object('score', m[1]::int, 'minimumScore', m[2]::int),
        "decision_reason" = null
      from (select "id", regexp_match("decision_reason", '^Waiting for review: your credit score ([0-9]+) is below ([0-9]+), so an officer decides\\.$') m
            from "loans" where "decision_reason" is not null) found
      where found."id" = l."id" and found.m is not null;`);
    await this.execute(`
      update "loans" set "decision_reason_code" = 'officer_approved', "decision_reason_params" = '{}'::jsonb, "decision_reason" = null
      where "decision_reason" = 'Approved after review by a loan officer.';`);

    await this.execute(`alter table "notifications" add column "template" text null, add column "params" jsonb null;`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "notifications" drop column "template", drop column "params";`);
    // Back to the English sentences the codes stand for.
    await this.execute(`
      update "loans" set "decision_reason" = case "decision_reason_code"
        when 'instant_approval' then 'Approved: ' || to_char(("decision_reason_params"->>'amount')::numeric, 'FM9,999,999,999,990') || ' RWF is within your available limit of '
          || to_char(("decision_reason_params"->>'available')::numeric, 'FM9,999,999,999,990') || ' RWF and your credit score ' || ("decision_reason_params"->>'score')
          || ' is at least ' || ("decision_reason_params"->>'minimumScore') || '.'
        when 'score_below_minimum' then 'Waiting for review: your credit score ' || ("decision_reason_params"->>'score') || ' is below '
          || ("decision_reason_params"->>'minimumScore') || ', so an officer decides.'
        when 'officer_approved' then 'Approved after review by a loan officer.'
        when 'savings_too_recent' then 'Your savings are too recent.'
        when 'repayment_capacity' then 'The instalments are too high for what you save.'
        when 'late_payments' then 'Recent payments were late.'
        when 'incomplete_information' then 'Your application is missing information.'
        else "decision_reason" end
      where "decision_reason_code" is not null;`);
    await this.execute(`alter table "loans" drop column "decision_reason_code", drop column "decision_reason_params";`);
  }
}
