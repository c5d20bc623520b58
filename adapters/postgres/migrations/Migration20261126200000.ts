import { Migration } from '@mikro-orm/migrations';

/**
 * Reversal of a merchant payment, hand-written (docs/decisions/0041-reversing-a-merchant-payment.md).
 *
 * - `merchant_payment_reversals`: one row per reversed payment (unique `transaction_id`: a payment
 *   is reversed once, whatever the race), with the nets it takes back and its `reversed_at`, dated
 *   under the settlement lock like a completion. A batch's negative lines are the merchant's
 *   reversals whose `reversed_at` lies in the batch's range, found by the index on
 *   (merchant_id, reversed_at).
 * - `settlement_batches.total_reversals`, `reversed_amount_centimes`: what a batch netted, written
 *   once when the batch is made (0 for every batch before this migration: none held a reversal).
 * - `agent_commissions.status` may be `reversed` (a pending commission of a reversed payment).
 * - `outgoing_transfers.purpose` may be `merchant_refund` (the refund to the payer).
 */
export class Migration20261126200000 extends Migration {

  override name = 'Migration20261126200000';

  override up(): void | Promise<void> {
    this.addSql(`create table "merchant_payment_reversals" (
      "id" uuid not null,
      "transaction_id" uuid not null,
      "merchant_id" uuid not null,
      "amount_centimes" bigint not null,
      "merchant_fee_centimes" bigint not null,
      "net_amount_centimes" bigint not null,
      "commission_centimes" bigint not null,
      "commission_reversed" boolean not null,
      "reason" varchar(500) not null,
      "reversed_by" varchar(255) not null,
      "reversed_at" timestamptz not null,
      "refund_reference" varchar(255) not null,
      constraint "merchant_payment_reversals_pkey" primary key ("id"),
      constraint "merchant_payment_reversals_transaction_unique" unique ("transaction_id"),
      constraint "merchant_payment_reversals_transaction_foreign" foreign key ("transaction_id") references "merchant_transactions" ("id") on delete restrict,
      constraint "merchant_payment_reversals_merchant_foreign" foreign key ("merchant_id") references "merchants" ("id") on delete restrict
    );`);
    this.addSql(`create index "merchant_payment_reversals_merchant_reversed_at_index" on "merchant_payment_reversals" ("merchant_id", "reversed_at");`);
    this.addSql(`alter table "settlement_batches" add column "total_reversals" int not null default 0, add column "reversed_amount_centimes" bigint not null default 0;`);
    this.addSql(`alter table "agent_commissions" drop constraint if exists "agent_commissions_status_check";`);
    this.addSql(`alter table "agent_commissions" add constraint "agent_commissions_status_check" check ("status" in ('pending', 'paid', 'reversed'));`);
    this.addSql(`alter table "outgoing_transfers" drop constraint if exists "outgoing_transfers_purpose_check";`);
    this.addSql(`alter table "outgoing_transfers" add constraint "outgoing_transfers_purpose_check" check ("purpose" in ('payout', 'withdrawal', 'loan_disbursement', 'merchant_settlement', 'agent_commission', 'merchant_refund'));`);
  }

  /** Safe only before the first reversal: its refund and commission rows would violate the old checks. */
  override down(): void | Promise<void> {
    this.addSql(`alter table "outgoing_transfers" drop constraint if exists "outgoing_transfers_purpose_check";`);
    this.addSql(`alter table "outgoing_transfers" add constraint "outgoing_transfers_purpose_check" check ("purpose" in ('payout', 'withdrawal', 'loan_disbursement', 'merchant_settlement', 'agent_commission'));`);
    this.addSql(`alter table "agent_commissions" drop constraint if exists "agent_commissions_status_check";`);
    this.addSql(`alter table "agent_commissions" add constraint "agent_commissions_status_check" check ("status" in ('pending', 'paid'));`);
    this.addSql(`alter table "settlement_batches" drop column "total_reversals", drop column "reversed_amount_centimes";`);
    this.addSql(`drop table if exists "merchant_payment_reversals";`);
  }
}
