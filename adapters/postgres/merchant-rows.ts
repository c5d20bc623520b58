/**
 * The rows of the merchants, agents and settlements tables (Migration20261124100000 and later) as
 * the adapters read them with raw SQL, parsed by zod into core's records: a column of an unknown
 * value (a status, a provider, a reason code this version does not know) fails loudly rather than
 * reaching a screen as something else. Amounts are integer centimes (bigint: text from the driver,
 * a number from an expression); instants arrive as dates, or as epoch milliseconds where a
 * statement sends them so (the bulk settlement's `covered_from`).
 *
 * Shared by the adapters of one table each (postgres-agents.ts, postgres-merchants.ts,
 * postgres-merchant-transactions.ts, postgres-merchant-reversals.ts, postgres-commissions.ts,
 * postgres-commission-payouts.ts, postgres-settlement-batches.ts) and the reads across tables
 * (postgres-agent-earnings.ts, postgres-business-listings.ts): the row schemas, the
 * settlement lock, and the SQL that says which batch covers which transaction.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { AccreditationStatus } from '../../core/agents/agent.ts';
import type { AgentType, RegisteredAgent } from '../../core/agents/agent-profile.ts';
import type { Commission, CommissionPayout, CommissionStatus } from '../../core/agents/commission.ts';
import type { AgentSummary } from '../../core/agents/ports.ts';
import type { KybStatus, MerchantStatus } from '../../core/merchants/merchant.ts';
import { MERCHANT_CATEGORIES, type RegisteredMerchant } from '../../core/merchants/merchant-profile.ts';
import { isMerchantReasonCode, type MerchantReasonCode } from '../../core/merchants/merchant-reason.ts';
import { CARD_REFUND_DISPUTES, type MerchantCardRefund, type MerchantCardRefundStatus } from '../../core/merchants/merchant-card-refund.ts';
import type { MerchantPaymentReversal } from '../../core/merchants/merchant-reversal.ts';
import type { MerchantSummary } from '../../core/merchants/ports.ts';
import type { MerchantEntryTotals } from '../../core/merchants/monthly-figures.ts';
import type { MerchantTransaction, TransactionStatus } from '../../core/merchants/merchant-transaction.ts';
import { Money } from '../../core/money/money.ts';
import type { MobileMoneyProvider } from '../../core/payments/ports.ts';
import type { PayoutStatus } from '../../core/settlements/payout-status.ts';
import type { SettlementBatch } from '../../core/settlements/settlement-batch.ts';
import { UUID_PATTERN } from './mikro-orm-tontine-repository.ts';
import { readFromReplica } from './read-replicas.ts';

/** A row as the driver answers it, before its schema parses it. */
export type Row = Record<string, unknown>;

/** An id that cannot exist (not a UUID) finds nothing, never an error. */
export const isUuid = (id: string) => UUID_PATTERN.test(id);

/**
 * The settlement lock: a transaction-level advisory lock in the two-integer key space (the
 * scheduler's job locks use the single bigint one, so they cannot collide): 'SETL', 1.
 */
export const SETTLEMENT_LOCK = [0x5345544c, 1] as const;

/** Where an adapter's merchant listings are read: the primary, or a fresh replica when one is configured. */
export type MerchantListings = 'primary' | 'replica-safe';

export function listingReader(em: EntityManager, lists: MerchantListings): (sql: string, params: readonly unknown[]) => Promise<Row[]> {
  return lists === 'replica-safe' ? (sql, params) => readFromReplica<Row>(em, sql, params) : (sql, params) => em.execute<Row[]>(sql, [...params]);
}

// ---------- column types ----------
// zod checks and coerces each column; the record is then built by a plain function (`rowOf`): a
// transform at each column or on the object costs several times the check itself, which a
// listing of thousands of rows (the bulk settlement's, a merchant's sales) would pay.

/** A row's schema and the record built from what it parsed: `parse` throws on a row that does not fit. */
function rowOf<S extends z.ZodType, T>(schema: S, build: (row: z.output<S>) => T): { parse: (row: unknown) => T } {
  return { parse: (row) => build(schema.parse(row)) };
}

/** The values of one of core's unions: the type argument at each use checks each is one of them. */
const oneOf = <T extends string>(values: readonly [T, ...T[]]) => z.enum(values as [T, ...T[]]);
const text = z.string();
/** A nullable text column (null, or a column absent from the statement: undefined). */
const optionalText = z.string().nullish();
/** A date, or the text or epoch milliseconds of one. */
const instant = z.coerce.date();
const optionalInstant = z.coerce.date().nullish();
/** Integer centimes: bigint arrives as text, an expression as a number. */
const centimes = z.coerce.number().int();
const count = z.coerce.number().int();
const provider = oneOf<MobileMoneyProvider>(['mtn', 'airtel', 'sandbox', 'flutterwave']);
const payoutStatus = oneOf<PayoutStatus>(['processing', 'completed', 'failed']);
/** A JSON array of text: jsonb arrives parsed, or as its text through some drivers. */
const textList = z.union([z.string().transform((v): unknown => JSON.parse(v)), z.array(z.unknown())]).pipe(z.array(z.string()));
/** A reason code this version does not know fails loudly rather than showing the owner a wrong reason. */
const reasonCode = z.custom<MerchantReasonCode | null | undefined>((v) => v == null || (typeof v === 'string' && isMerchantReasonCode(v)), { message: 'merchant status reason: unknown code' });

const money = (centimes: number) => Money.ofCentimes(centimes);
const orZero = (centimes: number | null | undefined) => Money.ofCentimes(centimes ?? 0);

/** Only the keys whose value is present: the records' optional fields are absent, never undefined. */
const present = <K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } => (value == null ? {} : ({ [key]: value } as { [P in K]: V }));

// ---------- agents ----------

export const agentRow = rowOf(
  z.object({
    id: text,
    user_id: text,
    agent_code: text,
    accreditation_status: oneOf<AccreditationStatus>(['pending', 'active', 'suspended', 'revoked']),
    payout_provider: provider,
    agent_type: oneOf<AgentType>(['individual', 'business']),
    business_name: optionalText,
    business_registration_number: optionalText,
    physical_address: text,
    district: text,
    sector: optionalText,
    phone_number: text,
    email: text,
    service_territories: textList,
    created_at: instant,
  }),
  (r): RegisteredAgent => ({
      id: r.id,
      userId: r.user_id,
      agentCode: r.agent_code,
      accreditationStatus: r.accreditation_status,
      payoutWallet: { provider: r.payout_provider, msisdn: r.phone_number },
      agentType: r.agent_type,
      businessName: r.business_name ?? null,
      businessRegistrationNumber: r.business_registration_number ?? null,
      physicalAddress: r.physical_address,
      district: r.district,
      sector: r.sector ?? null,
      phoneNumber: r.phone_number,
      email: r.email,
      serviceTerritories: r.service_territories,
      createdAt: r.created_at,
    }),
  );

/** An agent as the admin's list shows it (`agents list`). */
export const agentSummaryRow = rowOf(
  z.object({ id: text, agent_code: text, agent_type: text, district: text, accreditation_status: oneOf<AccreditationStatus>(['pending', 'active', 'suspended', 'revoked']), created_at: instant }),
  (r): AgentSummary => ({ id: r.id, agentCode: r.agent_code, agentType: r.agent_type, district: r.district, accreditationStatus: r.accreditation_status, createdAt: r.created_at }),
);

/** A merchant as the agent dashboard lists it. */
export const onboardedMerchantRow = rowOf(
  z.object({ id: text, business_name: text, merchant_code: text, merchant_category: text, merchant_status: text, created_at: instant }), (r) => ({ id: r.id, businessName: r.business_name, merchantCode: r.merchant_code, merchantCategory: r.merchant_category, merchantStatus: r.merchant_status, createdAt: r.created_at }));

// ---------- commissions ----------

const commissionFields = {
  id: text,
  agent_id: text,
  merchant_id: text,
  transaction_id: text,
  commission_type: z.literal('merchant_transaction'),
  amount_centimes: centimes,
  status: oneOf<CommissionStatus>(['pending', 'paid', 'reversed']),
  created_at: instant,
  payout_id: optionalText,
};

const toCommission = (r: z.output<z.ZodObject<typeof commissionFields>>): Commission => ({
  id: r.id,
  agentId: r.agent_id,
  merchantId: r.merchant_id,
  transactionId: r.transaction_id,
  commissionType: r.commission_type,
  amount: money(r.amount_centimes),
  status: r.status,
  createdAt: r.created_at,
  ...present('payoutId', r.payout_id),
});

export const commissionRow = rowOf(z.object(commissionFields), toCommission);

/** A commission joined to its merchant and sale (`sale_centimes`, `sale_at`). */
export const commissionOnSaleRow = rowOf(
  z.object({ ...commissionFields, business_name: text, merchant_code: text, sale_centimes: centimes, sale_at: instant }), (r) => ({
  commission: toCommission(r),
  merchant: { businessName: r.business_name, merchantCode: r.merchant_code },
  sale: { amount: money(r.sale_centimes), at: r.sale_at },
}));

/** A payout without its commissions' ids (read apart: `payoutRow(ids)`). */
export const payoutRow = (commissionIdsOf: (payoutId: string) => string[]) =>
  rowOf(
    z.object({
      id: text,
      reference: text,
      agent_id: text,
      period_start: instant,
      period_end: instant,
      total_amount_centimes: centimes,
      payout_amount_centimes: centimes,
      carried_out_centimes: centimes,
      status: payoutStatus,
      attempts: count,
      created_at: instant,
    }),
      (r): CommissionPayout => ({
        id: r.id,
        reference: r.reference,
        agentId: r.agent_id,
        periodStart: r.period_start,
        periodEnd: r.period_end,
        commissionIds: commissionIdsOf(r.id),
        totalAmount: money(r.total_amount_centimes),
        payoutAmount: money(r.payout_amount_centimes),
        carriedOut: money(r.carried_out_centimes),
        status: r.status,
        attempts: r.attempts,
        createdAt: r.created_at,
      }),
    );

// ---------- merchants ----------

export const merchantRow = rowOf(
  z.object({
    id: text,
    owner_id: text,
    merchant_code: text,
    business_name: text,
    merchant_status: oneOf<MerchantStatus>(['pending', 'active', 'suspended', 'rejected']),
    kyb_status: oneOf<KybStatus>(['pending', 'verified', 'rejected']),
    onboarded_by_agent_id: optionalText,
    payout_provider: provider,
    merchant_category: z.enum(MERCHANT_CATEGORIES),
    tin: optionalText,
    trade_license_number: optionalText,
    rdb_registration_number: optionalText,
    business_address: text,
    district: text,
    phone_number: text,
    email: text,
    created_at: instant,
    qr_generated_at: optionalInstant,
    status_reason_code: reasonCode,
    status_reason_note: optionalText,
  }),
  (r): RegisteredMerchant => ({
      id: r.id,
      ownerId: r.owner_id,
      merchantCode: r.merchant_code,
      businessName: r.business_name,
      merchantStatus: r.merchant_status,
      kybStatus: r.kyb_status,
      ...present('onboardedByAgentId', r.onboarded_by_agent_id),
      payoutWallet: { provider: r.payout_provider, msisdn: r.phone_number },
      merchantCategory: r.merchant_category,
      tin: r.tin ?? null,
      tradeLicenseNumber: r.trade_license_number ?? null,
      rdbRegistrationNumber: r.rdb_registration_number ?? null,
      businessAddress: r.business_address,
      district: r.district,
      phoneNumber: r.phone_number,
      email: r.email,
      createdAt: r.created_at,
      qrGeneratedAt: r.qr_generated_at ?? null,
      statusReasonCode: r.status_reason_code ?? null,
      statusReasonNote: r.status_reason_note ?? null,
    }),
  );

/** A merchant as the admin's list shows it (`merchants list`), with its card refunds still open (`open_refunds`). */
export const merchantSummaryRow = rowOf(
  z.object({
    id: text,
    merchant_code: text,
    business_name: text,
    district: text,
    merchant_status: oneOf<MerchantStatus>(['pending', 'active', 'suspended', 'rejected']),
    kyb_status: oneOf<KybStatus>(['pending', 'verified', 'rejected']),
    onboarded_by_agent_id: optionalText,
    status_reason_code: optionalText,
    status_reason_note: optionalText,
    open_refunds: count,
  }),
  (r): MerchantSummary => ({
    id: r.id,
    merchantCode: r.merchant_code,
    businessName: r.business_name,
    district: r.district,
    merchantStatus: r.merchant_status,
    kybStatus: r.kyb_status,
    onboardedByAgentId: r.onboarded_by_agent_id ?? null,
    statusReasonCode: r.status_reason_code ?? null,
    statusReasonNote: r.status_reason_note ?? null,
    openCardRefunds: r.open_refunds,
  }),
);

// ---------- merchant transactions ----------

/** `t.*` with `covering_batch_id`, the batch that covers it (TRANSACTION_COLUMNS), when the statement reads it. */
export const transactionRow = rowOf(
  z.object({
    id: text,
    transaction_reference: text,
    merchant_id: text,
    provider,
    customer_phone_number: text,
    customer_name: optionalText,
    idempotency_key: optionalText,
    amount_centimes: centimes,
    merchant_fee_centimes: centimes,
    net_amount_centimes: centimes,
    commission_centimes: centimes,
    agent_id: optionalText,
    status: oneOf<TransactionStatus>(['pending', 'completed', 'failed']),
    created_at: instant,
    completed_at: optionalInstant,
    provider_reference: optionalText,
    covering_batch_id: optionalText,
  }),
  (r): MerchantTransaction => ({
      id: r.id,
      transactionReference: r.transaction_reference,
      merchantId: r.merchant_id,
      provider: r.provider,
      customerPhoneNumber: r.customer_phone_number,
      // An empty name or key reads as none, as before the schema.
      ...present('customerName', r.customer_name || null),
      ...present('idempotencyKey', r.idempotency_key || null),
      amount: money(r.amount_centimes),
      merchantFee: money(r.merchant_fee_centimes),
      netAmount: money(r.net_amount_centimes),
      commission: money(r.commission_centimes),
      ...present('agentId', r.agent_id),
      status: r.status,
      createdAt: r.created_at,
      ...present('completedAt', r.completed_at),
      ...present('providerReference', r.provider_reference || null),
      ...present('settlementBatchId', r.covering_batch_id),
    }),
  );

/** The settlement lock's answer: where the merchant's last batch closed its range, if any. */
export const settlementHoldRow = z.object({ closed_until: optionalInstant });

/**
 * `t.*` and the batch covering the row: the one made before ranges that marked it, else the
 * merchant's batch whose range holds its completion (covered_until <= period_end = period_start
 * + 7 days, so the unique key on (merchant_id, period_start) narrows the search to a week).
 */
export const TRANSACTION_COLUMNS = `t.*, coalesce(t.settlement_batch_id, case when t.status = 'completed' then (
    select b.id from settlement_batches b
     where b.merchant_id = t.merchant_id and b.period_start > t.completed_at - interval '7 days'
       and b.covered_from <= t.completed_at and t.completed_at < b.covered_until
     limit 1) end) as covering_batch_id`;

/** A batch `b` joined to the transactions `t` it covers: by its range, or by its marks (a batch made before ranges). */
export const BATCH_TRANSACTIONS = `settlement_batches b
  join merchant_transactions t on case when b.covered_from is null then t.settlement_batch_id = b.id
    else t.merchant_id = b.merchant_id and t.status = 'completed' and t.settlement_batch_id is null
         and t.completed_at >= b.covered_from and t.completed_at < b.covered_until end`;

// ---------- reversals ----------

export const reversalRow = rowOf(
  z.object({
    id: text,
    transaction_id: text,
    merchant_id: text,
    amount_centimes: centimes,
    merchant_fee_centimes: centimes,
    net_amount_centimes: centimes,
    commission_centimes: centimes,
    commission_reversed: z.boolean(),
    reason: text,
    reversed_by: text,
    reversed_at: instant,
    refund_reference: text,
  }),
  (r): MerchantPaymentReversal => ({
      id: r.id,
      transactionId: r.transaction_id,
      merchantId: r.merchant_id,
      amount: money(r.amount_centimes),
      merchantFee: money(r.merchant_fee_centimes),
      netAmount: money(r.net_amount_centimes),
      commission: money(r.commission_centimes),
      commissionReversed: r.commission_reversed,
      reason: r.reason,
      reversedBy: r.reversed_by,
      reversedAt: r.reversed_at,
      refundReference: r.refund_reference,
    }),
  );

// ---------- a month's ledger totals ----------

/** One kind of entry's totals on the merchant's payable and receivable (postgres-merchant-month-ledger.ts). */
export const entryTotalsRow = rowOf(
  z.object({ kind: text, entries: count, volume: centimes, payable: centimes, receivable: centimes }),
  (r): MerchantEntryTotals => ({ kind: r.kind, entries: r.entries, volume: money(r.volume), payable: money(r.payable), receivable: money(r.receivable) }),
);

// ---------- card refunds ----------

export const cardRefundRow = rowOf(
  z.object({
    id: text,
    transaction_id: text,
    merchant_id: text,
    charge_id: text,
    amount_centimes: centimes,
    status: oneOf<MerchantCardRefundStatus>(['requested', 'pending', 'completed', 'failed']),
    attempt: count,
    reason: text,
    requested_by: text,
    requested_at: instant,
    processor_refund_id: optionalText,
    settled_at: optionalInstant,
    failure_reason: optionalText,
    asked_at: optionalInstant,
    // A dispute for an admin (Migration20261128540000): its code and instant are null together.
    dispute_code: z.enum(CARD_REFUND_DISPUTES).nullish(),
    disputed_at: optionalInstant,
    dispute_processor_amount_centimes: centimes.nullish(),
    dispute_processor_charge_id: optionalText,
  }),
  (r): MerchantCardRefund => ({
      id: r.id,
      transactionId: r.transaction_id,
      merchantId: r.merchant_id,
      chargeId: r.charge_id,
      amount: money(r.amount_centimes),
      status: r.status,
      attempt: r.attempt,
      reason: r.reason,
      requestedBy: r.requested_by,
      requestedAt: r.requested_at,
      ...present('processorRefundId', r.processor_refund_id),
      ...present('settledAt', r.settled_at),
      ...present('failureReason', r.failure_reason),
      ...present('askedAt', r.asked_at),
      ...(r.dispute_code == null || r.disputed_at == null
        ? {}
        : {
            dispute: {
              code: r.dispute_code,
              at: r.disputed_at,
              ...present('processorAmount', r.dispute_processor_amount_centimes == null ? null : money(r.dispute_processor_amount_centimes)),
              ...present('processorChargeId', r.dispute_processor_charge_id),
            },
          }),
    }),
  );

// ---------- settlement batches ----------

/** A batch without its transaction ids (read apart when asked: `batchRow(ids)`). */
export const batchRow = (transactionIdsOf: (batchId: string) => readonly string[]) =>
  rowOf(
    z.object({
      id: text,
      batch_reference: text,
      merchant_id: text,
      period_start: instant,
      period_end: instant,
      // `!= null`: the bulk settlement reads `covered_from` as epoch milliseconds, and the origin is 0.
      covered_from: optionalInstant,
      covered_until: optionalInstant,
      total_transactions: count,
      total_reversals: count.nullish(),
      reversed_amount_centimes: centimes.nullish(),
      total_amount_centimes: centimes,
      payout_amount_centimes: centimes,
      withheld_amount_centimes: centimes.nullish(),
      carried_out_centimes: centimes,
      status: payoutStatus,
      attempts: count,
      created_at: instant,
    }),
      (r): SettlementBatch => ({
        id: r.id,
        batchReference: r.batch_reference,
        merchantId: r.merchant_id,
        settlementPeriodStart: r.period_start,
        settlementPeriodEnd: r.period_end,
        coveredFrom: r.covered_from ?? null,
        coveredUntil: r.covered_until ?? null,
        transactionIds: transactionIdsOf(r.id),
        totalTransactions: r.total_transactions,
        totalReversals: r.total_reversals ?? 0,
        reversedAmount: orZero(r.reversed_amount_centimes),
        totalAmount: money(r.total_amount_centimes),
        payoutAmount: money(r.payout_amount_centimes),
        ...((r.withheld_amount_centimes ?? 0) > 0 ? { withheldAmount: orZero(r.withheld_amount_centimes) } : {}),
        carriedOut: money(r.carried_out_centimes),
        currency: 'RWF',
        payoutMethod: 'mobile_money',
        status: r.status,
        attempts: r.attempts,
        createdAt: r.created_at,
      }),
    );

/** A (transaction or commission) id and the batch or payout holding it. */
export const heldIdRow = z.object({ id: text, holder_id: text });

/** The ids each holder holds, in the rows' order. */
export function idsByHolder(rows: readonly Row[]): (holderId: string) => string[] {
  const by = new Map<string, string[]>();
  for (const { id, holder_id } of rows.map((r) => heldIdRow.parse(r))) by.set(holder_id, [...(by.get(holder_id) ?? []), id]);
  return (holderId) => by.get(holderId) ?? [];
}
