import { Migration } from '@mikro-orm/migrations';

/** Loans and credit (issue 6): hand-written for these tables only; see adapters/postgres/loans-schema.ts. */
export class Migration20261122013000 extends Migration {

  override name = 'Migration20261122013000';

  override up(): void | Promise<void> {
    this.addSql(`create table "loans" ("id" uuid not null, "member_id" uuid not null, "amount_centimes" bigint not null, "term_months" int not null, "purpose" text not null, "annual_rate_bps" int not null, "credit_score" int not null, "status" text not null, "applied_at" timestamptz not null, "decided_at" timestamptz null, "disbursed_at" timestamptz null, "schedule" jsonb not null, "total_paid_centimes" bigint not null, "application_key" varchar(255) null, "decision_reason" text null, primary key ("id"));`);
    this.addSql(`create index "loans_member_id_index" on "loans" ("member_id");`);
    this.addSql(`create index "loans_status_index" on "loans" ("status");`);
    this.addSql(`alter table "loans" add constraint "loans_member_application_key_unique" unique ("member_id", "application_key");`);
    this.addSql(`alter table "loans" add constraint "loans_status_check" check ("status" in ('pending', 'approved', 'rejected', 'active', 'overdue', 'repaid'));`);
    this.addSql(`alter table "loans" add constraint "loans_member_id_foreign" foreign key ("member_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "loan_repayments" ("id" uuid not null, "loan_id" uuid not null, "provider" varchar(16) not null, "provider_reference" varchar(255) not null, "amount_centimes" bigint not null, "interest_centimes" bigint not null, "principal_centimes" bigint not null, "received_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "loan_repayments_loan_id_index" on "loan_repayments" ("loan_id");`);
    this.addSql(`alter table "loan_repayments" add constraint "loan_repayments_provider_reference_unique" unique ("provider", "provider_reference");`);
    this.addSql(`alter table "loan_repayments" add constraint "loan_repayments_loan_id_foreign" foreign key ("loan_id") references "loans" ("id") on delete cascade;`);

    this.addSql(`create table "loan_collections" ("id" uuid not null, "loan_id" uuid not null, "member_id" uuid not null, "idempotency_key" varchar(255) not null, "reference" varchar(255) not null, "provider" varchar(16) not null, "msisdn" varchar(32) not null, "scope" text not null, "amount_centimes" bigint not null, "status" text not null, "requested_at" timestamptz not null, "settled_at" timestamptz null, "failure_reason" varchar(255) null, primary key ("id"));`);
    this.addSql(`create index "loan_collections_loan_id_index" on "loan_collections" ("loan_id");`);
    this.addSql(`alter table "loan_collections" add constraint "loan_collections_reference_unique" unique ("reference");`);
    this.addSql(`alter table "loan_collections" add constraint "loan_collections_member_key_unique" unique ("member_id", "idempotency_key");`);
    this.addSql(`alter table "loan_collections" add constraint "loan_collections_scope_check" check ("scope" in ('instalment', 'balance'));`);
    this.addSql(`alter table "loan_collections" add constraint "loan_collections_status_check" check ("status" in ('requested', 'succeeded', 'failed'));`);
    this.addSql(`alter table "loan_collections" add constraint "loan_collections_loan_id_foreign" foreign key ("loan_id") references "loans" ("id") on delete cascade;`);
    this.addSql(`alter table "loan_collections" add constraint "loan_collections_member_id_foreign" foreign key ("member_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "loan_key_facts" ("id" uuid not null, "member_id" uuid not null, "facts" jsonb not null, "shown_at" timestamptz not null, "accepted_at" timestamptz null, "loan_id" uuid null, primary key ("id"));`);
    this.addSql(`create index "loan_key_facts_member_id_index" on "loan_key_facts" ("member_id");`);
    this.addSql(`create index "loan_key_facts_loan_id_index" on "loan_key_facts" ("loan_id");`);
    this.addSql(`alter table "loan_key_facts" add constraint "loan_key_facts_member_id_foreign" foreign key ("member_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "loan_key_facts" add constraint "loan_key_facts_loan_id_foreign" foreign key ("loan_id") references "loans" ("id") on delete set null;`);

    this.addSql(`create table "credit_assessments" ("id" uuid not null, "member_id" uuid not null, "score" int not null, "rating" varchar(16) not null, "max_loan_centimes" bigint not null, "factors" jsonb not null, "recommendations" jsonb not null, "model_version" varchar(64) not null, "assessed_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "credit_assessments_member_assessed_index" on "credit_assessments" ("member_id", "assessed_at");`);
    this.addSql(`alter table "credit_assessments" add constraint "credit_assessments_member_id_foreign" foreign key ("member_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "credit_scoring_consents" ("member_id" uuid not null, "consented_at" timestamptz not null, primary key ("member_id"));`);
    this.addSql(`alter table "credit_scoring_consents" add constraint "credit_scoring_consents_member_id_foreign" foreign key ("member_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "loan_reminder_notices" ("key" varchar(160) not null, "sent_at" timestamptz not null, primary key ("key"));`);
  }

}
