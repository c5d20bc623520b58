import { Migration } from '@mikro-orm/migrations';

/**
 * `loan_key_facts.assessment`: the credit assessment a key facts statement was computed from
 * (score, rating, limit, factors, recommendations, model version), so that the application is
 * decided on the assessment the member saw
 * (docs/decisions/0067-borrowing-says-its-next-step-one-assessment-for-the-key.md). Null on the statements shown before: applying on one of those answers
 * `key_facts_outdated` with a new statement.
 */
export class Migration20261128310000 extends Migration {

  override name = 'Migration20261128310000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "loan_key_facts" add column "assessment" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "loan_key_facts" drop column "assessment";`);
  }
}
