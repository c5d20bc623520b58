import { Migration } from '@mikro-orm/migrations';

/**
 * One table for every outgoing transfer (core/transfers, adapters/postgres/postgres-outgoing-transfers.ts),
 * hand-written: `outgoing_transfers`, one row per attempt, with its `purpose` (payout, withdrawal,
 * loan_disbursement, merchant_settlement, agent_commission), the ledger account it debits and the
 * subject it pays (tontine, loan, batch, commission payout). `(reference, provider)` is UNIQUE:
 * the provider's idempotency reference.
 *
 * The attempts MOVE here, keeping their ids: payouts and withdrawals from `payments` (deleted
 * there; `payments` keeps the contributions, its kind check unchanged) and loan disbursements from
 * `loan_disbursements` (dropped). Statuses map pending → requested (the provider may or may not
 * have accepted it: polling asks, and sends it again under the same reference if it never heard
 * of it), successful → completed, failed → failed, or given_up when no retry is due and no later
 * attempt exists. The transfer columns of `payments` go with them.
 */
export class Migration20261123100000 extends Migration {

  override name = 'Migration20261123100000';

  override up(): void | Promise<void> {
    this.addSql(`create table "outgoing_transfers" (
      "id" uuid not null default gen_random_uuid(),
      "purpose" varchar(32) not null check ("purpose" in ('payout', 'withdrawal', 'loan_disbursement', 'merchant_settlement', 'agent_commission')),
      "subject_id" varchar(255) not null,
      "debited_account" varchar(255) not null,
      "transfer_reference" varchar(255) not null,
      "attempt" int not null,
      "reference" varchar(255) not null,
      "member_id" uuid not null,
      "provider" varchar(16) not null,
      "msisdn" varchar(32) not null,
      "amount_centimes" bigint not null,
      "description" varchar(255) not null,
      "ledger_entry_id" uuid not null,
      "status" varchar(16) not null check ("status" in ('requested', 'sent', 'completed', 'failed', 'given_up', 'disputed')),
      "retry_at" timestamptz null,
      "created_at" timestamptz not null,
      "completed_at" timestamptz null,
      "provider_transaction_id" varchar(255) null,
      "reason" varchar(255) null,
      "last_polled_at" timestamptz null,
      constraint "outgoing_transfers_pkey" primary key ("id"),
      constraint "outgoing_transfers_reference_provider_unique" unique ("reference", "provider"),
      constraint "outgoing_transfers_member_id_foreign" foreign key ("member_id") references "users" ("id") on delete cascade
    );`);
    // Partial, as for payments: only attempts awaiting the provider are polled, only failed ones with a retry time retried.
    this.addSql(`create index "outgoing_transfers_pending_poll_index" on "outgoing_transfers" ("last_polled_at" nulls first, "created_at", "id") where "status" in ('requested', 'sent');`);
    this.addSql(`create index "outgoing_transfers_retry_due_index" on "outgoing_transfers" ("retry_at", "id") where "retry_at" is not null;`);
    this.addSql(`create index "outgoing_transfers_transfer_reference_index" on "outgoing_transfers" ("transfer_reference", "attempt");`);
    this.addSql(`create index "outgoing_transfers_subject_index" on "outgoing_transfers" ("subject_id");`);
    this.addSql(`create index "outgoing_transfers_created_index" on "outgoing_transfers" ("created_at");`);

    this.addSql(`insert into "outgoing_transfers" ("id", "purpose", "subject_id", "debited_account", "transfer_reference", "attempt", "reference", "member_id", "provider", "msisdn",
        "amount_centimes", "description", "ledger_entry_id", "status", "retry_at", "created_at", "completed_at", "provider_transaction_id", "reason", "last_polled_at")
      select p."id", p."kind", p."tontine_id"::text, 'pool:' || p."tontine_id", coalesce(p."transfer_reference", p."reference"), p."attempt", p."reference", p."member_id", p."provider", p."phone_number",
        p."amount_centimes", coalesce(p."description", ''), p."ledger_entry_id",
        case p."status" when 'pending' then 'requested' when 'successful' then 'completed'
          else case when p."retry_at" is null and not exists (select 1 from "payments" l where l."transfer_reference" = p."transfer_reference" and l."attempt" > p."attempt") then 'given_up' else 'failed' end end,
        p."retry_at", p."created_at", p."completed_at", p."provider_transaction_id", p."reason", p."last_polled_at"
      from "payments" p where p."kind" in ('payout', 'withdrawal');`);
    this.addSql(`insert into "outgoing_transfers" ("purpose", "subject_id", "debited_account", "transfer_reference", "attempt", "reference", "member_id", "provider", "msisdn",
        "amount_centimes", "description", "ledger_entry_id", "status", "retry_at", "created_at", "completed_at", "last_polled_at")
      select 'loan_disbursement', d."loan_id"::text, 'loan:' || d."loan_id", 'loan-disbursement:' || d."loan_id", d."attempt", d."reference", d."member_id", d."provider", d."msisdn",
        d."amount_centimes", 'Ikimina: loan disbursement', d."ledger_entry_id",
        case d."status" when 'pending' then 'requested' when 'successful' then 'completed'
          else case when d."retry_at" is null and not exists (select 1 from "loan_disbursements" l where l."loan_id" = d."loan_id" and l."attempt" > d."attempt") then 'given_up' else 'failed' end end,
        d."retry_at", d."created_at", d."completed_at", d."last_polled_at"
      from "loan_disbursements" d;`);
    this.addSql(`drop table "loan_disbursements";`);
    this.addSql(`delete from "payments" where "kind" in ('payout', 'withdrawal');`);
    this.addSql(`drop index if exists "payments_retry_due_index";`);
    this.addSql(`alter table "payments" drop column "transfer_reference", drop column "ledger_entry_id", drop column "description", drop column "retry_at";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "payments" add column "transfer_reference" varchar(255) null, add column "ledger_entry_id" uuid null, add column "description" varchar(255) null, add column "retry_at" timestamptz null;`);
    this.addSql(`create index "payments_retry_due_index" on "payments" ("retry_at", "id") where "retry_at" is not null;`);
    this.addSql(`insert into "payments" ("id", "kind", "provider", "reference", "member_id", "tontine_id", "amount_centimes", "phone_number", "status", "reason", "provider_transaction_id",
        "created_at", "completed_at", "attempt", "transfer_reference", "ledger_entry_id", "description", "retry_at", "last_polled_at")
      select "id", "purpose", "provider", "reference", "member_id", "subject_id"::uuid, "amount_centimes", "msisdn",
        case "status" when 'completed' then 'successful' when 'failed' then 'failed' when 'given_up' then 'failed' else 'pending' end,
        "reason", "provider_transaction_id", "created_at", "completed_at", "attempt", "transfer_reference", "ledger_entry_id", "description", "retry_at", "last_polled_at"
      from "outgoing_transfers" where "purpose" in ('payout', 'withdrawal');`);
    this.addSql(`create table "loan_disbursements" ("reference" varchar(255) not null, "loan_id" uuid not null, "member_id" uuid not null, "attempt" int not null, "provider" varchar(16) not null, "msisdn" varchar(32) not null, "amount_centimes" bigint not null, "ledger_entry_id" uuid not null, "status" text not null, "created_at" timestamptz not null, "completed_at" timestamptz null, "retry_at" timestamptz null, "last_polled_at" timestamptz null, primary key ("reference"));`);
    this.addSql(`create index "loan_disbursements_loan_id_index" on "loan_disbursements" ("loan_id");`);
    this.addSql(`create index "loan_disbursements_retry_at_index" on "loan_disbursements" ("retry_at");`);
    this.addSql(`create index "loan_disbursements_status_polled_index" on "loan_disbursements" ("status", "last_polled_at");`);
    this.addSql(`alter table "loan_disbursements" add constraint "loan_disbursements_status_check" check ("status" in ('pending', 'successful', 'failed'));`);
    this.addSql(`alter table "loan_disbursements" add constraint "loan_disbursements_loan_id_foreign" foreign key ("loan_id") references "loans" ("id") on delete cascade;`);
    this.addSql(`alter table "loan_disbursements" add constraint "loan_disbursements_member_id_foreign" foreign key ("member_id") references "users" ("id") on delete cascade;`);
    this.addSql(`insert into "loan_disbursements" ("reference", "loan_id", "member_id", "attempt", "provider", "msisdn", "amount_centimes", "ledger_entry_id", "status", "created_at", "completed_at", "retry_at", "last_polled_at")
      select "reference", "subject_id"::uuid, "member_id", "attempt", "provider", "msisdn", "amount_centimes", "ledger_entry_id",
        case "status" when 'completed' then 'successful' when 'failed' then 'failed' when 'given_up' then 'failed' else 'pending' end,
        "created_at", "completed_at", "retry_at", "last_polled_at"
      from "outgoing_transfers" where "purpose" = 'loan_disbursement';`);
    this.addSql(`drop table if exists "outgoing_transfers";`);
  }

}
