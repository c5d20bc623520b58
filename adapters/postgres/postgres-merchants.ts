/**
 * Merchants, agents, their payments, commissions and settlement batches over PostgreSQL (tables
 * of Migration20261124100000), in the caller's transaction (the global EntityManager resolves to
 * the unit of work's fork). Amounts are integer centimes (bigint).
 *
 * Guarantees
 * - `register` relies on the unique keys (code, one agent per member): a registration that lost a
 *   race answers the taken key, never a 500.
 * - A transaction read for confirmation is locked (`FOR UPDATE`) until the unit of work ends, so
 *   two concurrent confirmations of one payment book it once.
 * - A batch's transactions are its merchant's completed ones in its range of completion times
 *   ([covered_from, covered_until): Migration20261126100000); a batch made before ranges holds
 *   those marked with its id (`settlement_batch_id`, no longer written). A transaction read
 *   answers the batch covering it, derived the same way. Settling takes the settlement lock (a
 *   transaction-level advisory lock) exclusively before it reads the totals, and a confirmation
 *   holds it shared before it reads the clock: a payment cannot complete inside a closed range.
 * - A payout's commissions are those pointing at it (`payout_id`). A commission in a payout is no
 *   longer pending-to-batch, even if its payout failed (the payout is retried, never rebuilt).
 * - An id that cannot exist (not a UUID) finds nothing, never an error.
 * - Built with `lists: 'replica-safe'`, a transactions or reversals adapter sends its merchant
 *   listings (`listForMerchant`) as replica-safe reads (read-replicas.ts): only the merchant's
 *   sales analytics is given one, a read nothing is then written on. Every other read and write
 *   of it goes to the primary.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Agent } from '../../core/agents/agent.ts';
import type { RegisteredAgent } from '../../core/agents/agent-profile.ts';
import type { Commission, CommissionPayout } from '../../core/agents/commission.ts';
import type { AgentEarnings, AgentRegistry, AgentRepository, CommissionOnSale, CommissionPayoutRepository, CommissionRepository } from '../../core/agents/ports.ts';
import type { Merchant } from '../../core/merchants/merchant.ts';
import type { ComplianceDetails, RegisteredMerchant } from '../../core/merchants/merchant-profile.ts';
import { isMerchantReasonCode, type MerchantReasonCode } from '../../core/merchants/merchant-reason.ts';
import type { MerchantTransaction } from '../../core/merchants/merchant-transaction.ts';
import type { SettlementReads } from '../../core/merchants/merchant-payments.ts';
import type { AgentLookup, CommissionOfTransaction, MerchantPaymentReads, MerchantRegistry, MerchantRepository, MerchantReversals, MerchantTransactionRepository } from '../../core/merchants/ports.ts';
import type { MerchantPaymentReversal } from '../../core/merchants/merchant-reversal.ts';
import { Money } from '../../core/money/money.ts';
import { invariant } from '../../core/shared/result.ts';
import type { MobileMoneyProvider } from '../../core/payments/ports.ts';
import type { BulkSettlementInput, SettlementBatchRepository } from '../../core/settlements/ports.ts';
import { SETTLEMENT_ORIGIN, type SettlementBatch } from '../../core/settlements/settlement-batch.ts';
import { violatesUnique } from './mikro-orm-unit-of-work.ts';
import { readFromReplica } from './read-replicas.ts';

/**
 * The settlement lock: a transaction-level advisory lock in the two-integer key space (the
 * scheduler's job locks use the single bigint one, so they cannot collide): 'SETL', 1.
 */
const SETTLEMENT_LOCK = [0x5345544c, 1] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (id: string) => UUID.test(id);
const money = (v: string | number) => Money.ofCentimes(Number(v));
const date = (v: Date | string | number) => new Date(v);
type Row = Record<string, unknown>;
const s = (v: unknown) => v as string;
const sn = (v: unknown) => (v === null || v === undefined ? null : String(v));

// ---------- agents ----------

function toAgent(r: Row): RegisteredAgent {
  return {
    id: s(r.id),
    userId: s(r.user_id),
    agentCode: s(r.agent_code),
    accreditationStatus: r.accreditation_status as Agent['accreditationStatus'],
    payoutWallet: { provider: r.payout_provider as MobileMoneyProvider, msisdn: s(r.phone_number) },
    agentType: r.agent_type as RegisteredAgent['agentType'],
    businessName: sn(r.business_name),
    businessRegistrationNumber: sn(r.business_registration_number),
    physicalAddress: s(r.physical_address),
    district: s(r.district),
    sector: sn(r.sector),
    phoneNumber: s(r.phone_number),
    email: s(r.email),
    serviceTerritories: (typeof r.service_territories === 'string' ? JSON.parse(r.service_territories) : r.service_territories) as string[],
    createdAt: date(r.created_at as Date),
  };
}

export class PostgresAgents implements AgentRepository, AgentRegistry, AgentLookup, AgentEarnings {
  constructor(private readonly em: EntityManager) {}

  private async one(where: string, params: unknown[]): Promise<RegisteredAgent | undefined> {
    const rows = await this.em.execute<Row[]>(`select * from agents where ${where} limit 1`, params);
    return rows[0] && toAgent(rows[0]);
  }

  async findById(id: string): Promise<RegisteredAgent | undefined> {
    return isUuid(id) ? this.one('id = ?', [id]) : undefined;
  }

  findRegistered(id: string) {
    return this.findById(id);
  }

  async findByUser(userId: string) {
    return isUuid(userId) ? this.one('user_id = ?', [userId]) : undefined;
  }

  findByCode(agentCode: string) {
    return this.one('agent_code = ?', [agentCode]);
  }

  async register(a: RegisteredAgent): Promise<'registered' | 'agent_code_taken' | 'already_an_agent'> {
    const inserted = await this.em.execute<Row[]>(
      `insert into agents (id, user_id, agent_code, agent_type, business_name, business_registration_number, physical_address, district, sector,
         phone_number, email, service_territories, accreditation_status, payout_provider, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?) on conflict do nothing returning id`,
      [a.id, a.userId, a.agentCode, a.agentType, a.businessName, a.businessRegistrationNumber, a.physicalAddress, a.district, a.sector,
        a.phoneNumber, a.email, JSON.stringify(a.serviceTerritories), a.accreditationStatus, a.payoutWallet.provider, a.createdAt, a.createdAt],
    );
    if (inserted.length) return 'registered';
    return (await this.findByUser(a.userId)) ? 'already_an_agent' : 'agent_code_taken';
  }

  async save(agent: Agent): Promise<void> {
    await this.em.execute(`update agents set accreditation_status = ?, updated_at = now() where id = ?`, [agent.accreditationStatus, agent.id]);
  }

  async merchantsOnboardedBy(agentId: string) {
    if (!isUuid(agentId)) return [];
    const rows = await this.em.execute<Row[]>(
      `select id, business_name, merchant_code, merchant_category, merchant_status, created_at from merchants where onboarded_by_agent_id = ? order by created_at`,
      [agentId],
    );
    return rows.map((r) => ({
      id: s(r.id),
      businessName: s(r.business_name),
      merchantCode: s(r.merchant_code),
      merchantCategory: s(r.merchant_category),
      merchantStatus: s(r.merchant_status),
      createdAt: date(r.created_at as Date),
    }));
  }

  async commissionsOf(agentId: string): Promise<CommissionOnSale[]> {
    if (!isUuid(agentId)) return [];
    const rows = await this.em.execute<Row[]>(
      `select c.*, m.business_name, m.merchant_code, t.amount_centimes as sale_centimes, coalesce(t.completed_at, t.created_at) as sale_at
         from agent_commissions c join merchants m on m.id = c.merchant_id join merchant_transactions t on t.id = c.transaction_id
        where c.agent_id = ? order by c.created_at`,
      [agentId],
    );
    return rows.map((r) => ({
      commission: toCommission(r),
      merchant: { businessName: s(r.business_name), merchantCode: s(r.merchant_code) },
      sale: { amount: money(r.sale_centimes as string), at: date(r.sale_at as Date) },
    }));
  }
}

// ---------- merchants ----------

function toMerchant(r: Row): RegisteredMerchant {
  return {
    id: s(r.id),
    ownerId: s(r.owner_id),
    merchantCode: s(r.merchant_code),
    businessName: s(r.business_name),
    merchantStatus: r.merchant_status as Merchant['merchantStatus'],
    kybStatus: r.kyb_status as Merchant['kybStatus'],
    ...(r.onboarded_by_agent_id ? { onboardedByAgentId: s(r.onboarded_by_agent_id) } : {}),
    payoutWallet: { provider: r.payout_provider as MobileMoneyProvider, msisdn: s(r.phone_number) },
    merchantCategory: r.merchant_category as RegisteredMerchant['merchantCategory'],
    tin: sn(r.tin),
    tradeLicenseNumber: sn(r.trade_license_number),
    rdbRegistrationNumber: sn(r.rdb_registration_number),
    businessAddress: s(r.business_address),
    district: s(r.district),
    phoneNumber: s(r.phone_number),
    email: s(r.email),
    createdAt: date(r.created_at as Date),
    qrGeneratedAt: r.qr_generated_at ? date(r.qr_generated_at as Date) : null,
    statusReasonCode: reasonCodeOf(r.status_reason_code),
    statusReasonNote: sn(r.status_reason_note),
  };
}

/** A code this version does not know fails loudly rather than showing the owner a wrong reason. */
function reasonCodeOf(value: unknown): MerchantReasonCode | null {
  if (value === null || value === undefined) return null;
  invariant(typeof value === 'string' && isMerchantReasonCode(value), `merchant status reason: unknown code ${String(value)}`);
  return value;
}

export class PostgresMerchants implements MerchantRepository, MerchantRegistry {
  constructor(private readonly em: EntityManager) {}

  private async one(where: string, params: unknown[]): Promise<RegisteredMerchant | undefined> {
    const rows = await this.em.execute<Row[]>(`select * from merchants where ${where} limit 1`, params);
    return rows[0] && toMerchant(rows[0]);
  }

  async findById(id: string) {
    return isUuid(id) ? this.one('id = ?', [id]) : undefined;
  }

  findRegistered(id: string) {
    return this.findById(id);
  }

  findByCode(merchantCode: string) {
    return this.one('merchant_code = ?', [merchantCode]);
  }

  async listByOwner(ownerId: string): Promise<RegisteredMerchant[]> {
    if (!isUuid(ownerId)) return [];
    return (await this.em.execute<Row[]>(`select * from merchants where owner_id = ? order by created_at, id`, [ownerId])).map(toMerchant);
  }

  async listAwaitingKyb(): Promise<RegisteredMerchant[]> {
    return (await this.em.execute<Row[]>(`select * from merchants where kyb_status = 'pending' order by created_at, id`)).map(toMerchant);
  }

  async register(m: RegisteredMerchant): Promise<'registered' | 'merchant_code_taken'> {
    try {
      const inserted = await this.em.execute<Row[]>(
        `insert into merchants (id, owner_id, merchant_code, business_name, merchant_category, tin, trade_license_number, rdb_registration_number,
           business_address, district, phone_number, email, onboarded_by_agent_id, merchant_status, kyb_status, payout_provider, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (merchant_code) do nothing returning id`,
        [m.id, m.ownerId, m.merchantCode, m.businessName, m.merchantCategory, m.tin, m.tradeLicenseNumber, m.rdbRegistrationNumber,
          m.businessAddress, m.district, m.phoneNumber, m.email, m.onboardedByAgentId ?? null, m.merchantStatus, m.kybStatus, m.payoutWallet.provider, m.createdAt, m.createdAt],
      );
      return inserted.length ? 'registered' : 'merchant_code_taken';
    } catch (error) {
      if (violatesUnique(error, 'merchants_merchant_code_unique')) return 'merchant_code_taken';
      throw error;
    }
  }

  async save(merchant: Merchant): Promise<void> {
    await this.em.execute(`update merchants set merchant_status = ?, kyb_status = ?, updated_at = now() where id = ?`, [merchant.merchantStatus, merchant.kybStatus, merchant.id]);
  }

  async markQrGenerated(id: string, at: Date): Promise<void> {
    await this.em.execute(`update merchants set qr_generated_at = ?, updated_at = ? where id = ?`, [at, at, id]);
  }

  async saveStatusReason(id: string, code: MerchantReasonCode | null): Promise<void> {
    await this.em.execute(`update merchants set status_reason_code = ?, status_reason_note = null, updated_at = now() where id = ?`, [code, id]);
  }

  /** One statement: the row lock it takes orders it with a decision's update, and the loser sees the winner's status. */
  async saveComplianceWhileKybPending(id: string, d: ComplianceDetails): Promise<boolean> {
    if (!isUuid(id)) return false;
    const updated = await this.em.execute<Row[]>(
      `update merchants set tin = ?, trade_license_number = ?, rdb_registration_number = ?, updated_at = now() where id = ? and kyb_status = 'pending' returning id`,
      [d.tin, d.tradeLicenseNumber, d.rdbRegistrationNumber, id],
    );
    return updated.length === 1;
  }
}

// ---------- merchant transactions ----------

function toTransaction(r: Row): MerchantTransaction {
  return {
    id: s(r.id),
    transactionReference: s(r.transaction_reference),
    merchantId: s(r.merchant_id),
    provider: r.provider as MobileMoneyProvider,
    customerPhoneNumber: s(r.customer_phone_number),
    ...(r.customer_name ? { customerName: s(r.customer_name) } : {}),
    ...(r.idempotency_key ? { idempotencyKey: s(r.idempotency_key) } : {}),
    amount: money(r.amount_centimes as string),
    merchantFee: money(r.merchant_fee_centimes as string),
    netAmount: money(r.net_amount_centimes as string),
    commission: money(r.commission_centimes as string),
    ...(r.agent_id ? { agentId: s(r.agent_id) } : {}),
    status: r.status as MerchantTransaction['status'],
    createdAt: date(r.created_at as Date),
    ...(r.completed_at ? { completedAt: date(r.completed_at as Date) } : {}),
    ...(r.provider_reference ? { providerReference: s(r.provider_reference) } : {}),
    ...(r.covering_batch_id ? { settlementBatchId: s(r.covering_batch_id) } : {}),
  };
}

/**
 * `t.*` and the batch covering the row: the one made before ranges that marked it, else the
 * merchant's batch whose range holds its completion (covered_until <= period_end = period_start
 * + 7 days, so the unique key on (merchant_id, period_start) narrows the search to a week).
 */
const TRANSACTION_COLUMNS = `t.*, coalesce(t.settlement_batch_id, case when t.status = 'completed' then (
    select b.id from settlement_batches b
     where b.merchant_id = t.merchant_id and b.period_start > t.completed_at - interval '7 days'
       and b.covered_from <= t.completed_at and t.completed_at < b.covered_until
     limit 1) end) as covering_batch_id`;

/** A batch `b` joined to the transactions `t` it covers: by its range, or by its marks (a batch made before ranges). */
const BATCH_TRANSACTIONS = `settlement_batches b
  join merchant_transactions t on case when b.covered_from is null then t.settlement_batch_id = b.id
    else t.merchant_id = b.merchant_id and t.status = 'completed' and t.settlement_batch_id is null
         and t.completed_at >= b.covered_from and t.completed_at < b.covered_until end`;

/** `settlement_batch_id` is not written: it is the mark of batches made before ranges. */
const INSERT_TRANSACTION = `insert into merchant_transactions (id, transaction_reference, merchant_id, provider, customer_phone_number, customer_name, idempotency_key,
   amount_centimes, merchant_fee_centimes, net_amount_centimes, commission_centimes, agent_id, status, created_at, completed_at, provider_reference)
 values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

const transactionValues = (t: MerchantTransaction) => [
  t.id, t.transactionReference, t.merchantId, t.provider, t.customerPhoneNumber, t.customerName ?? null, t.idempotencyKey ?? null,
  t.amount.centimes, t.merchantFee.centimes, t.netAmount.centimes, t.commission.centimes, t.agentId ?? null, t.status, t.createdAt,
  t.completedAt ?? null, t.providerReference ?? null,
];

/** Where an adapter's merchant listings are read: the primary, or a fresh replica when one is configured. */
export type MerchantListings = 'primary' | 'replica-safe';

function listingReader(em: EntityManager, lists: MerchantListings): (sql: string, params: readonly unknown[]) => Promise<Row[]> {
  return lists === 'replica-safe' ? (sql, params) => readFromReplica<Row>(em, sql, params) : (sql, params) => em.execute<Row[]>(sql, [...params]);
}

export class PostgresMerchantTransactions implements MerchantTransactionRepository, MerchantPaymentReads {
  private readonly list: (sql: string, params: readonly unknown[]) => Promise<Row[]>;

  constructor(
    private readonly em: EntityManager,
    lists: MerchantListings = 'primary',
  ) {
    this.list = listingReader(em, lists);
  }

  async findByReference(reference: string): Promise<MerchantTransaction | undefined> {
    const rows = await this.em.execute<Row[]>(`select ${TRANSACTION_COLUMNS} from merchant_transactions t where t.transaction_reference = ? for update of t`, [reference]);
    return rows[0] && toTransaction(rows[0]);
  }

  async findById(id: string): Promise<MerchantTransaction | undefined> {
    if (!isUuid(id)) return undefined;
    const rows = await this.em.execute<Row[]>(`select ${TRANSACTION_COLUMNS} from merchant_transactions t where t.id = ?`, [id]);
    return rows[0] && toTransaction(rows[0]);
  }

  async listForMerchant(merchantId: string, range: { from?: Date; to?: Date }): Promise<MerchantTransaction[]> {
    if (!isUuid(merchantId)) return [];
    const rows = await this.list(
      `select ${TRANSACTION_COLUMNS} from merchant_transactions t
        where t.merchant_id = ? and t.created_at >= coalesce(?::timestamptz, '-infinity') and t.created_at < coalesce(?::timestamptz, 'infinity')
        order by t.created_at desc, t.id desc`,
      [merchantId, range.from ?? null, range.to ?? null],
    );
    return rows.map(toTransaction);
  }

  /**
   * The settlement lock, shared: confirmations do not wait for each other, only for a settlement
   * (which takes it exclusively). A transaction-level advisory lock rather than a row lock on the
   * merchant: nothing is written to hold it (a row lock writes the merchant's tuple, and a busy
   * merchant's concurrent confirmations would pile multixacts on it).
   */
  async holdSettlementOf(merchantId: string): Promise<Date | undefined> {
    const [row] = await this.em.execute<Row[]>(
      `select pg_advisory_xact_lock_shared(?, ?)::text as held,
              (select b.covered_until from settlement_batches b where b.merchant_id = ? order by b.period_start desc limit 1) as closed_until`,
      [...SETTLEMENT_LOCK, merchantId],
    );
    return row?.closed_until ? date(row.closed_until as Date) : undefined;
  }

  /** The transactions the batch covers: its range (a range look-up on the merchant's completed rows), or its marks (a batch made before ranges). */
  async listBySettlementBatch(batchId: string): Promise<MerchantTransaction[]> {
    if (!isUuid(batchId)) return [];
    const rows = await this.em.execute<Row[]>(`select t.*, b.id as covering_batch_id from ${BATCH_TRANSACTIONS} where b.id = ? order by t.completed_at, t.id`, [batchId]);
    return rows.map(toTransaction);
  }

  /** Pending payments created before `instant`, least recently polled first, marked polled at `now`. */
  async listPendingOlderThan(instant: Date, limit: number, now: Date): Promise<MerchantTransaction[]> {
    const rows = await this.em.execute<Row[]>(
      `update merchant_transactions set last_polled_at = ? where id in (
         select id from merchant_transactions where status = 'pending' and created_at < ? order by last_polled_at nulls first, created_at limit ? for update skip locked)
       returning *`, // pending rows: no batch covers them
      [now, instant, limit],
    );
    return rows.map(toTransaction);
  }

  async findByIdempotencyKey(idempotencyKey: string): Promise<MerchantTransaction | undefined> {
    const rows = await this.em.execute<Row[]>(`select ${TRANSACTION_COLUMNS} from merchant_transactions t where t.idempotency_key = ?`, [idempotencyKey]);
    return rows[0] && toTransaction(rows[0]);
  }

  /**
   * Inserts the new transaction unless its idempotency key is held (`on conflict do nothing`: a
   * concurrent insert of the same key waits for the first to commit, then inserts nothing, and
   * the caller's transaction is not aborted by a unique violation).
   */
  async start(t: MerchantTransaction & { idempotencyKey: string }): Promise<'started' | 'idempotency_key_taken'> {
    const inserted = await this.em.execute<Row[]>(`${INSERT_TRANSACTION} on conflict do nothing returning id`, transactionValues(t));
    return inserted.length ? 'started' : 'idempotency_key_taken';
  }

  async save(t: MerchantTransaction): Promise<void> {
    await this.em.execute(
      `${INSERT_TRANSACTION}
       on conflict (id) do update set merchant_fee_centimes = excluded.merchant_fee_centimes, net_amount_centimes = excluded.net_amount_centimes,
         commission_centimes = excluded.commission_centimes, agent_id = excluded.agent_id, status = excluded.status, completed_at = excluded.completed_at,
         provider_reference = excluded.provider_reference`,
      transactionValues(t),
    );
  }
}

// ---------- commissions ----------

function toCommission(r: Row): Commission {
  return {
    id: s(r.id),
    agentId: s(r.agent_id),
    merchantId: s(r.merchant_id),
    transactionId: s(r.transaction_id),
    commissionType: 'merchant_transaction',
    amount: money(r.amount_centimes as string),
    status: r.status as Commission['status'],
    createdAt: date(r.created_at as Date),
    ...(r.payout_id ? { payoutId: s(r.payout_id) } : {}),
  };
}

export class PostgresCommissions implements CommissionRepository, CommissionOfTransaction {
  constructor(private readonly em: EntityManager) {}

  async findByTransaction(transactionId: string): Promise<Commission | undefined> {
    if (!isUuid(transactionId)) return undefined;
    const rows = await this.em.execute<Row[]>(`select * from agent_commissions where transaction_id = ?`, [transactionId]);
    return rows[0] && toCommission(rows[0]);
  }

  async save(c: Commission): Promise<void> {
    await this.em.execute(
      `insert into agent_commissions (id, agent_id, merchant_id, transaction_id, commission_type, amount_centimes, status, created_at, payout_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (id) do update set status = excluded.status, payout_id = excluded.payout_id`,
      [c.id, c.agentId, c.merchantId, c.transactionId, c.commissionType, c.amount.centimes, c.status, c.createdAt, c.payoutId ?? null],
    );
  }

  async findPendingBefore(before: Date): Promise<Commission[]> {
    const rows = await this.em.execute<Row[]>(`select * from agent_commissions where status = 'pending' and payout_id is null and created_at < ? order by agent_id, created_at`, [before]);
    return rows.map(toCommission);
  }

  async findByIds(ids: readonly string[]): Promise<Commission[]> {
    const valid = ids.filter(isUuid);
    if (!valid.length) return [];
    return (await this.em.execute<Row[]>(`select * from agent_commissions where id = any(?::uuid[])`, [`{${valid.join(',')}}`])).map(toCommission);
  }
}

function toPayout(r: Row, commissionIds: string[]): CommissionPayout {
  return {
    id: s(r.id),
    reference: s(r.reference),
    agentId: s(r.agent_id),
    periodStart: date(r.period_start as Date),
    periodEnd: date(r.period_end as Date),
    commissionIds,
    totalAmount: money(r.total_amount_centimes as string),
    payoutAmount: money(r.payout_amount_centimes as string),
    carriedOut: money(r.carried_out_centimes as string),
    status: r.status as CommissionPayout['status'],
    attempts: Number(r.attempts),
    createdAt: date(r.created_at as Date),
  };
}

export class PostgresCommissionPayouts implements CommissionPayoutRepository {
  constructor(private readonly em: EntityManager) {}

  private async withIds(rows: Row[]): Promise<CommissionPayout[]> {
    if (!rows.length) return [];
    const ids = await this.em.execute<Row[]>(`select id, payout_id from agent_commissions where payout_id = any(?::uuid[])`, [`{${rows.map((r) => s(r.id)).join(',')}}`]);
    return rows.map((r) => toPayout(r, ids.filter((c) => c.payout_id === r.id).map((c) => s(c.id))));
  }

  async findById(id: string) {
    if (!isUuid(id)) return undefined;
    return (await this.withIds(await this.em.execute<Row[]>(`select * from commission_payouts where id = ?`, [id])))[0];
  }

  async findByPeriod(periodStart: Date) {
    return this.withIds(await this.em.execute<Row[]>(`select * from commission_payouts where period_start = ? order by agent_id`, [periodStart]));
  }

  async latestFor(agentId: string) {
    return (await this.withIds(await this.em.execute<Row[]>(`select * from commission_payouts where agent_id = ? order by period_start desc limit 1`, [agentId])))[0];
  }

  async list(limit = 100) {
    return this.withIds(await this.em.execute<Row[]>(`select * from commission_payouts order by period_start desc, agent_id limit ?`, [limit]));
  }

  async save(p: CommissionPayout): Promise<void> {
    await this.em.execute(
      `insert into commission_payouts (id, reference, agent_id, period_start, period_end, commission_count, total_amount_centimes, payout_amount_centimes,
         carried_out_centimes, status, attempts, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now()) on conflict (id) do update set status = excluded.status, attempts = excluded.attempts, updated_at = now()`,
      [p.id, p.reference, p.agentId, p.periodStart, p.periodEnd, p.commissionIds.length, p.totalAmount.centimes, p.payoutAmount.centimes, p.carriedOut.centimes, p.status, p.attempts, p.createdAt],
    );
    if (p.commissionIds.length) {
      await this.em.execute(`update agent_commissions set payout_id = ? where id = any(?::uuid[]) and payout_id is null`, [p.id, `{${p.commissionIds.join(',')}}`]);
    }
  }
}

// ---------- settlement batches ----------

function toBatch(r: Row, transactionIds: readonly string[]): SettlementBatch {
  return {
    id: s(r.id),
    batchReference: s(r.batch_reference),
    merchantId: s(r.merchant_id),
    settlementPeriodStart: date(r.period_start as Date),
    settlementPeriodEnd: date(r.period_end as Date),
    // `!= null`: the bulk settlement reads `covered_from` as epoch milliseconds, and the origin is 0.
    coveredFrom: r.covered_from != null ? date(r.covered_from as Date) : null,
    coveredUntil: r.covered_until != null ? date(r.covered_until as Date) : null,
    transactionIds,
    totalTransactions: Number(r.total_transactions),
    totalReversals: Number(r.total_reversals ?? 0),
    reversedAmount: money((r.reversed_amount_centimes as string | undefined) ?? 0),
    totalAmount: money(r.total_amount_centimes as string),
    payoutAmount: money(r.payout_amount_centimes as string),
    ...(Number(r.withheld_amount_centimes ?? 0) > 0 ? { withheldAmount: money(r.withheld_amount_centimes as string) } : {}),
    carriedOut: money(r.carried_out_centimes as string),
    currency: 'RWF',
    payoutMethod: 'mobile_money',
    status: r.status as SettlementBatch['status'],
    attempts: Number(r.attempts),
    createdAt: date(r.created_at as Date),
  };
}

export class PostgresSettlementBatches implements SettlementBatchRepository, SettlementReads {
  constructor(private readonly em: EntityManager) {}

  /** Batches with their transaction ids only when asked (a batch of a busy merchant holds thousands). */
  private async withIds(rows: Row[], ids: boolean): Promise<SettlementBatch[]> {
    if (!ids || !rows.length) return rows.map((r) => toBatch(r, []));
    const tx = await this.em.execute<Row[]>(`select t.id, b.id as batch_id from ${BATCH_TRANSACTIONS} where b.id = any(?::uuid[]) order by t.completed_at, t.id`, [
      `{${rows.map((r) => s(r.id)).join(',')}}`,
    ]);
    const by = new Map<string, string[]>();
    for (const t of tx) by.set(s(t.batch_id), [...(by.get(s(t.batch_id)) ?? []), s(t.id)]);
    return rows.map((r) => toBatch(r, by.get(s(r.id)) ?? []));
  }

  async findById(id: string) {
    if (!isUuid(id)) return undefined;
    return (await this.withIds(await this.em.execute<Row[]>(`select * from settlement_batches where id = ?`, [id]), true))[0];
  }

  async findByReference(reference: string) {
    return (await this.withIds(await this.em.execute<Row[]>(`select * from settlement_batches where batch_reference = ?`, [reference]), true))[0];
  }

  async findByPeriod(periodStart: Date) {
    return this.withIds(await this.em.execute<Row[]>(`select * from settlement_batches where period_start = ?`, [periodStart]), false);
  }

  async latestFor(merchantId: string) {
    return (await this.withIds(await this.em.execute<Row[]>(`select * from settlement_batches where merchant_id = ? order by period_start desc limit 1`, [merchantId]), false))[0];
  }

  async listForMerchant(merchantId: string, range: { from?: Date; to?: Date }) {
    if (!isUuid(merchantId)) return [];
    const rows = await this.em.execute<Row[]>(
      `select * from settlement_batches where merchant_id = ? and period_start >= coalesce(?::timestamptz, '-infinity') and period_start < coalesce(?::timestamptz, 'infinity')
        order by period_start desc`,
      [merchantId, range.from ?? null, range.to ?? null],
    );
    return this.withIds(rows, false);
  }

  async list(filter: { status?: string; limit: number }) {
    const rows = await this.em.execute<Row[]>(
      `select * from settlement_batches where (?::text is null or status = ?) order by period_start desc, batch_reference limit ?`,
      [filter.status ?? null, filter.status ?? null, filter.limit],
    );
    return this.withIds(rows, false);
  }

  /**
   * Two statements. First the settlement lock is taken exclusively: this waits for the
   * confirmations under way, which hold it shared from before they read the clock, and holds new
   * ones off until the batches commit (about a second a week). Then, in a new snapshot (READ
   * COMMITTED) that sees every payment completed before the lock: per merchant whose latest batch
   * is for an earlier period (or that has none), the range it continues from (that batch's
   * covered_until, or the epoch after a batch made before ranges or none) up to the period's end
   * or `now`, whichever is first; the totals of its unmarked completed rows in that range plus
   * the carried fraction, minus its reversals in that range; and the batches inserted. Nothing
   * is written per transaction. No `on conflict` clause: under the lock held exclusively, a
   * merchant whose latest batch is not for an earlier period is no candidate, so no row can meet
   * the unique key (merchant_id, period_start), which stays the guarantee: a violation would fail
   * the settlement, never make a second batch. The clause cost each row a speculative insertion
   * (a probe of that key before the insert, then its confirmation): ~6 % of the statement.
   * The totals are summed per merchant (a lateral aggregate over its index range, which arrives
   * in merchant order), not hashed across the million rows of a week: ~100 ms less on 1,000,000
   * payments (bench/README.md "Settling per merchant").
   */
  async settlePeriodInBulk(input: BulkSettlementInput): Promise<SettlementBatch[]> {
    const { period, referencePrefix, now } = input;
    const coveredUntil = new Date(Math.min(period.end.getTime(), now.getTime()));
    // What every new batch shares: parameters of the statement, not read back for each row.
    const shared = { period_start: period.start, period_end: period.end, covered_until: coveredUntil, created_at: now, status: 'processing', attempts: 0 };
    await this.em.execute(`select pg_advisory_xact_lock(?, ?)::text as held`, [...SETTLEMENT_LOCK]);
    const rows = await this.em.execute<Row[]>(
      `with candidates as (
         select m.id as merchant_id, m.merchant_code, f.covered_from, paid.n, reversed.n as reversals, reversed.total as reversed_total,
                paid.total + f.carried - reversed.total as amount
           from merchants m
           left join lateral (select b.period_start, b.covered_until, b.carried_out_centimes from settlement_batches b
                               where b.merchant_id = m.id order by b.period_start desc limit 1) p on true
          cross join lateral (select coalesce(p.covered_until, ?::timestamptz) as covered_from, coalesce(p.carried_out_centimes, 0) as carried) f
          cross join lateral (select coalesce(sum(t.net_amount_centimes), 0) as total, count(*) as n from merchant_transactions t
                               where t.merchant_id = m.id and t.status = 'completed' and t.settlement_batch_id is null
                                 and t.completed_at >= f.covered_from and t.completed_at < ?::timestamptz) paid
          cross join lateral (select coalesce(sum(r.net_amount_centimes), 0) as total, count(*) as n from merchant_payment_reversals r
                               where r.merchant_id = m.id and r.reversed_at >= f.covered_from and r.reversed_at < ?::timestamptz) reversed
          where (p.period_start is null or p.period_start < ?) and (paid.n > 0 or reversed.n > 0)
       )
       insert into settlement_batches (id, batch_reference, merchant_id, period_start, period_end, covered_from, covered_until, total_transactions, total_reversals,
         reversed_amount_centimes, total_amount_centimes, payout_amount_centimes, carried_out_centimes, currency, payout_method, status, attempts, created_at, updated_at)
       select gen_random_uuid(), ?::text || merchant_code, merchant_id, ?, ?, covered_from, ?::timestamptz, n, reversals, reversed_total, amount, amount - amount % 100, amount % 100,
              'RWF', 'mobile_money', ?, ?, ?, now()
         from candidates where amount >= 100
        order by merchant_id
       returning id, batch_reference, merchant_id, (extract(epoch from covered_from) * 1000)::float8 as covered_from, total_transactions, total_reversals,
                 reversed_amount_centimes, total_amount_centimes, payout_amount_centimes, carried_out_centimes`,
      [SETTLEMENT_ORIGIN, coveredUntil, coveredUntil, period.start, referencePrefix, period.start, period.end, coveredUntil, shared.status, shared.attempts, now],
    );
    // 10,000 rows on a busy week: `covered_from` comes as epoch milliseconds, not as text for a date
    // parser, and each row object is completed in place with what is shared rather than copied
    // (bench/README.md "Settling per merchant"). The rows arrive in merchant order (the insert's),
    // which the sort only confirms, in one pass.
    return rows.map((r) => toBatch(Object.assign(r, shared), [])).sort((a, b) => (a.merchantId < b.merchantId ? -1 : a.merchantId > b.merchantId ? 1 : 0));
  }

  async recordWithholding(batchId: string, withheld: Money): Promise<void> {
    const rows = await this.em.execute<Row[]>(
      `update settlement_batches set withheld_amount_centimes = withheld_amount_centimes + ?, payout_amount_centimes = payout_amount_centimes - ?, updated_at = now()
        where id = ? and status = 'processing' and attempts = 0 and payout_amount_centimes >= ? returning id`,
      [withheld.centimes, withheld.centimes, batchId, withheld.centimes],
    );
    invariant(rows.length === 1, `batch ${batchId}: a withholding is recorded before its payout only`);
  }

  async save(b: SettlementBatch): Promise<void> {
    await this.em.execute(
      `insert into settlement_batches (id, batch_reference, merchant_id, period_start, period_end, covered_from, covered_until, total_transactions, total_reversals,
         reversed_amount_centimes, total_amount_centimes, payout_amount_centimes, carried_out_centimes, currency, payout_method, status, attempts, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now()) on conflict (id) do update set status = excluded.status, attempts = excluded.attempts, updated_at = now()`,
      [b.id, b.batchReference, b.merchantId, b.settlementPeriodStart, b.settlementPeriodEnd, b.coveredFrom, b.coveredUntil, b.totalTransactions, b.totalReversals,
        b.reversedAmount.centimes, b.totalAmount.centimes, b.payoutAmount.centimes,
        b.carriedOut.centimes, b.currency, b.payoutMethod, b.status, b.attempts, b.createdAt],
    );
  }
}

// ---------- reversals ----------

function toReversal(r: Row): MerchantPaymentReversal {
  return {
    id: s(r.id),
    transactionId: s(r.transaction_id),
    merchantId: s(r.merchant_id),
    amount: money(r.amount_centimes as string),
    merchantFee: money(r.merchant_fee_centimes as string),
    netAmount: money(r.net_amount_centimes as string),
    commission: money(r.commission_centimes as string),
    commissionReversed: Boolean(r.commission_reversed),
    reason: s(r.reason),
    reversedBy: s(r.reversed_by),
    reversedAt: date(r.reversed_at as Date),
    refundReference: s(r.refund_reference),
  };
}

/** Reversals of merchant payments (Migration20261126200000); the unique key on the payment makes a reversal once. */
export class PostgresMerchantReversals implements MerchantReversals {
  private readonly list: (sql: string, params: readonly unknown[]) => Promise<Row[]>;

  constructor(
    private readonly em: EntityManager,
    lists: MerchantListings = 'primary',
  ) {
    this.list = listingReader(em, lists);
  }

  async findByTransaction(transactionId: string): Promise<MerchantPaymentReversal | undefined> {
    if (!isUuid(transactionId)) return undefined;
    const rows = await this.em.execute<Row[]>(`select * from merchant_payment_reversals where transaction_id = ?`, [transactionId]);
    return rows[0] && toReversal(rows[0]);
  }

  /** `on conflict do nothing`: a concurrent reversal of the payment waits for the first to commit, then inserts nothing. */
  async add(r: MerchantPaymentReversal): Promise<'added' | 'already_reversed'> {
    const inserted = await this.em.execute<Row[]>(
      `insert into merchant_payment_reversals (id, transaction_id, merchant_id, amount_centimes, merchant_fee_centimes, net_amount_centimes, commission_centimes,
         commission_reversed, reason, reversed_by, reversed_at, refund_reference)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (transaction_id) do nothing returning id`,
      [r.id, r.transactionId, r.merchantId, r.amount.centimes, r.merchantFee.centimes, r.netAmount.centimes, r.commission.centimes, r.commissionReversed, r.reason, r.reversedBy, r.reversedAt, r.refundReference],
    );
    return inserted.length ? 'added' : 'already_reversed';
  }

  async listInRange(merchantId: string, from: Date, until: Date): Promise<MerchantPaymentReversal[]> {
    if (!isUuid(merchantId)) return [];
    const rows = await this.em.execute<Row[]>(
      `select * from merchant_payment_reversals where merchant_id = ? and reversed_at >= ? and reversed_at < ? order by reversed_at, id`,
      [merchantId, from, until],
    );
    return rows.map(toReversal);
  }

  async listForMerchant(merchantId: string): Promise<MerchantPaymentReversal[]> {
    if (!isUuid(merchantId)) return [];
    const rows = await this.list(`select * from merchant_payment_reversals where merchant_id = ? order by reversed_at, id`, [merchantId]);
    return rows.map(toReversal);
  }

  async listAwaitingSettlement(merchantId: string): Promise<MerchantPaymentReversal[]> {
    if (!isUuid(merchantId)) return [];
    const rows = await this.em.execute<Row[]>(
      `select r.* from merchant_payment_reversals r
        where r.merchant_id = ? and r.reversed_at >= coalesce((select b.covered_until from settlement_batches b where b.merchant_id = r.merchant_id order by b.period_start desc limit 1), ?)
        order by r.reversed_at, r.id`,
      [merchantId, SETTLEMENT_ORIGIN],
    );
    return rows.map(toReversal);
  }
}
