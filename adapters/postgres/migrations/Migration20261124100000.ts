import { Migration } from '@mikro-orm/migrations';

/**
 * Merchants, agents and weekly settlement (core/merchants, core/agents, core/settlements;
 * adapters/postgres/postgres-merchants.ts), hand-written:
 * - `agents`: one per member (`user_id` unique), `agent_code` unique; accreditation status.
 * - `merchants`: `merchant_code` unique; statuses; the onboarding agent.
 * - `merchant_transactions`: a customer's payment; `transaction_reference` unique (the
 *   mobile-money reference, so a repeated callback books nothing twice). A partial index serves
 *   the settlement's "completed, not in a batch" read.
 * - `settlement_batches`: one per merchant and period (`(merchant_id, period_start)` unique), so a
 *   rerun creates nothing; the transactions of a batch point at it.
 * - `agent_commissions`: one per transaction (`transaction_id` unique); `commission_payouts` one
 *   per agent and month.
 */
export class Migration20261124100000 extends Migration {

  override name = 'Migration20261124100000';

  override up(): void | Promise<void> {
    this.addSql(`create table "agents" (
      "id" uuid not null,
      "user_id" uuid not null,
      "agent_code" varchar(20) not null,
      "agent_type" varchar(16) not null check ("agent_type" in ('individual', 'business')),
      "business_name" varchar(200) null,
      "business_registration_number" varchar(100) null,
      "physical_address" varchar(255) not null,
      "district" varchar(40) not null,
      "sector" varchar(100) null,
      "phone_number" varchar(20) not null,
      "email" varchar(254) not null,
      "service_territories" jsonb not null,
      "accreditation_status" varchar(16) not null check ("accreditation_status" in ('pending', 'active', 'suspended', 'revoked')),
      "payout_provider" varchar(16) not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "agents_pkey" primary key ("id"),
      constraint "agents_user_id_unique" unique ("user_id"),
      constraint "agents_agent_code_unique" unique ("agent_code"),
      constraint "agents_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete restrict
    );`);
    this.addSql(`create table "merchants" (
      "id" uuid not null,
      "owner_id" uuid not null,
      "merchant_code" varchar(20) not null,
      "business_name" varchar(200) not null,
      "merchant_category" varchar(16) not null,
      "tin" varchar(20) null,
      "trade_license_number" varchar(100) null,
      "rdb_registration_number" varchar(100) null,
      "business_address" varchar(255) not null,
      "district" varchar(40) not null,
      "phone_number" varchar(20) not null,
      "email" varchar(254) not null,
      "onboarded_by_agent_id" uuid null,
      "merchant_status" varchar(16) not null check ("merchant_status" in ('pending', 'active', 'suspended', 'rejected')),
      "kyb_status" varchar(16) not null check ("kyb_status" in ('pending', 'verified', 'rejected')),
      "kyb_reason" varchar(500) null,
      "payout_provider" varchar(16) not null,
      "qr_generated_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "merchants_pkey" primary key ("id"),
      constraint "merchants_merchant_code_unique" unique ("merchant_code"),
      constraint "merchants_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict,
      constraint "merchants_agent_foreign" foreign key ("onboarded_by_agent_id") references "agents" ("id") on delete restrict
    );`);
    this.addSql(`create index "merchants_owner_index" on "merchants" ("owner_id", "created_at");`);
    this.addSql(`create index "merchants_agent_index" on "merchants" ("onboarded_by_agent_id");`);
    this.addSql(`create table "settlement_batches" (
      "id" uuid not null,
      "batch_reference" varchar(64) not null,
      "merchant_id" uuid not null,
      "period_start" timestamptz not null,
      "period_end" timestamptz not null,
      "total_transactions" int not null,
      "total_amount_centimes" bigint not null,
      "payout_amount_centimes" bigint not null,
      "carried_out_centimes" bigint not null,
      "currency" varchar(3) not null,
      "payout_method" varchar(16) not null,
      "status" varchar(16) not null check ("status" in ('processing', 'completed', 'failed')),
      "attempts" int not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "settlement_batches_pkey" primary key ("id"),
      constraint "settlement_batches_reference_unique" unique ("batch_reference"),
      constraint "settlement_batches_merchant_period_unique" unique ("merchant_id", "period_start"),
      constraint "settlement_batches_merchant_foreign" foreign key ("merchant_id") references "merchants" ("id") on delete restrict
    );`);
    this.addSql(`create index "settlement_batches_period_index" on "settlement_batches" ("period_start");`);
    this.addSql(`create table "merchant_transactions" (
      "id" uuid not null,
      "transaction_reference" varchar(80) not null,
      "merchant_id" uuid not null,
      "provider" varchar(16) not null,
      "customer_phone_number" varchar(20) not null,
      "customer_name" varchar(200) null,
      "amount_centimes" bigint not null,
      "merchant_fee_centimes" bigint not null,
      "net_amount_centimes" bigint not null,
      "commission_centimes" bigint not null,
      "agent_id" uuid null,
      "status" varchar(16) not null check ("status" in ('pending', 'completed', 'failed')),
      "created_at" timestamptz not null,
      "completed_at" timestamptz null,
      "provider_reference" varchar(200) null,
      "settlement_batch_id" uuid null,
      "last_polled_at" timestamptz null,
      constraint "merchant_transactions_pkey" primary key ("id"),
      constraint "merchant_transactions_reference_unique" unique ("transaction_reference"),
      constraint "merchant_transactions_merchant_foreign" foreign key ("merchant_id") references "merchants" ("id") on delete restrict,
      constraint "merchant_transactions_batch_foreign" foreign key ("settlement_batch_id") references "settlement_batches" ("id") on delete restrict
    );`);
    this.addSql(`create index "merchant_transactions_merchant_index" on "merchant_transactions" ("merchant_id", "created_at");`);
    this.addSql(`create index "merchant_transactions_batch_index" on "merchant_transactions" ("settlement_batch_id");`);
    this.addSql(`create index "merchant_transactions_unsettled_index" on "merchant_transactions" ("completed_at") where "status" = 'completed' and "settlement_batch_id" is null;`);
    this.addSql(`create index "merchant_transactions_pending_index" on "merchant_transactions" ("created_at") where "status" = 'pending';`);
    this.addSql(`create table "commission_payouts" (
      "id" uuid not null,
      "reference" varchar(80) not null,
      "agent_id" uuid not null,
      "period_start" timestamptz not null,
      "period_end" timestamptz not null,
      "commission_count" int not null,
      "total_amount_centimes" bigint not null,
      "payout_amount_centimes" bigint not null,
      "carried_out_centimes" bigint not null,
      "status" varchar(16) not null check ("status" in ('processing', 'completed', 'failed')),
      "attempts" int not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "commission_payouts_pkey" primary key ("id"),
      constraint "commission_payouts_reference_unique" unique ("reference"),
      constraint "commission_payouts_agent_period_unique" unique ("agent_id", "period_start"),
      constraint "commission_payouts_agent_foreign" foreign key ("agent_id") references "agents" ("id") on delete restrict
    );`);
    this.addSql(`create table "agent_commissions" (
      "id" uuid not null,
      "agent_id" uuid not null,
      "merchant_id" uuid not null,
      "transaction_id" uuid not null,
      "commission_type" varchar(32) not null,
      "amount_centimes" bigint not null,
      "status" varchar(16) not null check ("status" in ('pending', 'paid')),
      "created_at" timestamptz not null,
      "payout_id" uuid null,
      constraint "agent_commissions_pkey" primary key ("id"),
      constraint "agent_commissions_transaction_unique" unique ("transaction_id"),
      constraint "agent_commissions_agent_foreign" foreign key ("agent_id") references "agents" ("id") on delete restrict,
      constraint "agent_commissions_transaction_foreign" foreign key ("transaction_id") references "merchant_transactions" ("id") on delete restrict,
      constraint "agent_commissions_payout_foreign" foreign key ("payout_id") references "commission_payouts" ("id") on delete restrict
    );`);
    this.addSql(`create index "agent_commissions_agent_index" on "agent_commissions" ("agent_id", "created_at");`);
    this.addSql(`create index "agent_commissions_pending_index" on "agent_commissions" ("created_at") where "status" = 'pending';`);
  }

  override down(): void | Promise<void> {
    for (const table of ['agent_commissions', 'commission_payouts', 'merchant_transactions', 'settlement_batches', 'merchants', 'agents']) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
