import { Migration } from '@mikro-orm/migrations';

/**
 * Loan disbursements stored before they are sent, one row per attempt (see
 * adapters/postgres/loans-schema.ts and core/loans/disburse-loan.ts), hand-written. Loans paid out
 * before were booked when the provider accepted them: each gets its first attempt, successful,
 * with the entry that booked it.
 */
export class Migration20261122040000 extends Migration {

  override name = 'Migration20261122040000';

  override up(): void | Promise<void> {
    this.addSql(`create table "loan_disbursements" ("reference" varchar(255) not null, "loan_id" uuid not null, "member_id" uuid not null, "attempt" int not null, "provider" varchar(16) not null, "msisdn" varchar(32) not null, "amount_centimes" bigint not null, "ledger_entry_id" uuid not null, "status" text not null, "created_at" timestamptz not null, "completed_at" timestamptz null, "retry_at" timestamptz null, "last_polled_at" timestamptz null, primary key ("reference"));`);
    this.addSql(`create index "loan_disbursements_loan_id_index" on "loan_disbursements" ("loan_id");`);
    this.addSql(`create index "loan_disbursements_retry_at_index" on "loan_disbursements" ("retry_at");`);
    this.addSql(`create index "loan_disbursements_status_polled_index" on "loan_disbursements" ("status", "last_polled_at");`);
    this.addSql(`alter table "loan_disbursements" add constraint "loan_disbursements_status_check" check ("status" in ('pending', 'successful', 'failed'));`);
    this.addSql(`alter table "loan_disbursements" add constraint "loan_disbursements_loan_id_foreign" foreign key ("loan_id") references "loans" ("id") on delete cascade;`);
    this.addSql(`alter table "loan_disbursements" add constraint "loan_disbursements_member_id_foreign" foreign key ("member_id") references "users" ("id") on delete cascade;`);
    this.addSql(`insert into "loan_disbursements" ("reference", "loan_id", "member_id", "attempt", "provider", "msisdn", "amount_centimes", "ledger_entry_id", "status", "created_at", "completed_at")
      select j."key", l."id", l."member_id", 1, substring(po."account_id" from 'mobile_money:(.*)'), '', l."amount_centimes", j."id", 'successful', l."disbursed_at", l."disbursed_at"
      from "loans" l join "journal_entries" j on j."key" = 'loan-disbursement:' || l."id"
      join "ledger_postings" po on po."entry_id" = j."id" and po."account_id" like 'mobile_money:%'
      where l."disbursed_at" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "loan_disbursements" cascade;`);
  }

}
