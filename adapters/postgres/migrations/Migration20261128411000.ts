import { Migration } from '@mikro-orm/migrations';

/**
 * Working capital for merchants (core/working-capital, issue 27):
 * - `working_capital_loans`: one advance with its key facts as shown (fee, APR, withholding share,
 *   fee model version) and its sales basis; at most one open (pending, approved, active, overdue)
 *   per merchant, which the partial unique index decides for two applications racing.
 * - `working_capital_repayments`: each withholding (reference = the settlement batch id) and
 *   each mobile-money repayment (reference = its collection reference), unique by reference.
 * - `working_capital_collections`: repayments asked of the merchant's mobile money, until the
 *   provider's word (polled like every collection).
 * - `settlement_batches.withheld_amount_centimes`: the "Withheld for working capital" line.
 * - `outgoing_transfers.purpose` may be `working_capital_disbursement`.
 */
export class Migration20261128411000 extends Migration {

  override name = 'Migration20261128411000';

  override up(): void | Promise<void> {
    this.addSql(`create table "working_capital_loans" (
      "id" uuid not null primary key,
      "merchant_id" uuid not null references "merchants" ("id"),
      "owner_id" uuid not null,
      "status" varchar(16) not null check ("status" in ('pending', 'approved', 'rejected', 'active', 'overdue', 'repaid')),
      "amount_centimes" bigint not null check ("amount_centimes" > 0),
      "fee_centimes" bigint not null check ("fee_centimes" >= 0),
      "fee_bps" int not null,
      "fee_model_version" varchar(64) not null,
      "apr_bps" int not null,
      "key_facts" jsonb not null,
      "basis_payments" int not null,
      "basis_net_sales_centimes" bigint not null,
      "basis_days" int not null,
      "repaid_centimes" bigint not null default 0 check ("repaid_centimes" >= 0 and "repaid_centimes" <= "amount_centimes" + "fee_centimes"),
      "created_at" timestamptz not null,
      "accepted_at" timestamptz null,
      "disbursed_at" timestamptz null,
      "due_at" timestamptz null,
      "review_reason" text null,
      "reminded_window" int not null default 0,
      "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "working_capital_loans_merchant_index" on "working_capital_loans" ("merchant_id", "created_at");`);
    this.addSql(`create unique index "working_capital_loans_one_open" on "working_capital_loans" ("merchant_id") where "status" in ('pending', 'approved', 'active', 'overdue');`);
    this.addSql(`create index "working_capital_loans_status_index" on "working_capital_loans" ("status");`);
    this.addSql(`create table "working_capital_repayments" (
      "id" uuid not null primary key,
      "loan_id" uuid not null references "working_capital_loans" ("id"),
      "source" varchar(16) not null check ("source" in ('settlement', 'mobile_money')),
      "reference" varchar(255) not null unique,
      "amount_centimes" bigint not null check ("amount_centimes" > 0),
      "principal_centimes" bigint not null,
      "fee_centimes" bigint not null,
      "at" timestamptz not null);`);
    this.addSql(`create index "working_capital_repayments_loan_index" on "working_capital_repayments" ("loan_id", "at");`);
    this.addSql(`create table "working_capital_collections" (
      "id" uuid not null primary key,
      "loan_id" uuid not null references "working_capital_loans" ("id"),
      "reference" varchar(255) not null unique,
      "provider" varchar(16) not null,
      "msisdn" varchar(32) not null,
      "amount_centimes" bigint not null check ("amount_centimes" > 0),
      "status" varchar(16) not null check ("status" in ('requested', 'succeeded', 'failed')),
      "requested_at" timestamptz not null,
      "settled_at" timestamptz null,
      "last_polled_at" timestamptz null);`);
    this.addSql(`create index "working_capital_collections_loan_index" on "working_capital_collections" ("loan_id");`);
    this.addSql(`create index "working_capital_collections_pending_index" on "working_capital_collections" ("status", "last_polled_at") where "status" = 'requested';`);
    this.addSql(`alter table "settlement_batches" add column "withheld_amount_centimes" bigint not null default 0;`);
    this.addSql(`alter table "outgoing_transfers" drop constraint "outgoing_transfers_purpose_check";`);
    this.addSql(`alter table "outgoing_transfers" add constraint "outgoing_transfers_purpose_check" check ("purpose" in ('payout', 'withdrawal', 'loan_disbursement', 'merchant_settlement', 'agent_commission', 'merchant_refund', 'working_capital_disbursement'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "outgoing_transfers" drop constraint "outgoing_transfers_purpose_check";`);
    this.addSql(`alter table "outgoing_transfers" add constraint "outgoing_transfers_purpose_check" check ("purpose" in ('payout', 'withdrawal', 'loan_disbursement', 'merchant_settlement', 'agent_commission', 'merchant_refund'));`);
    this.addSql(`alter table "settlement_batches" drop column "withheld_amount_centimes";`);
    this.addSql(`drop table "working_capital_collections";`);
    this.addSql(`drop table "working_capital_repayments";`);
    this.addSql(`drop table "working_capital_loans";`);
  }
}
