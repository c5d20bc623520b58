/**
 * Customers' payments to merchants over PostgreSQL (table `merchant_transactions`,
 * Migration20261124100000), in the caller's transaction (the
 * global EntityManager resolves to the unit of work's fork); rows parsed by their schema
 * (merchant-rows.ts). Amounts are integer centimes (bigint).
 *
 * Guarantees
 * - A transaction read for confirmation (`findByReference`) is locked (`FOR UPDATE`) until the
 *   unit of work ends, so two concurrent confirmations of one payment book it once.
 * - A transaction read answers the batch covering it: the merchant's batch whose range of
 *   completion times holds it ([covered_from, covered_until): Migration20261126100000), or a batch
 *   made before ranges that marked it (`settlement_batch_id`, no longer written).
 * - A confirmation holds the settlement lock shared (`holdSettlementOf`) before it reads the
 *   clock; settling takes it exclusively (postgres-settlement-batches.ts): a payment cannot
 *   complete inside a closed range.
 * - One idempotency key starts one transaction: its unique key decides a race (`start`).
 * - Built with `lists: 'replica-safe'`, its merchant listings (`listForMerchant`) are sent as
 *   replica-safe reads (read-replicas.ts): only the merchant's sales analytics is given one, a read
 *   nothing is then written on. Every other read and write goes to the primary.
 * - An id that cannot exist (not a UUID) finds nothing, never an error.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MerchantTransaction } from '../../core/merchants/merchant-transaction.ts';
import type { MerchantPaymentReads, MerchantTransactionRepository } from '../../core/merchants/ports.ts';
import {
  BATCH_TRANSACTIONS,
  isUuid,
  listingReader,
  SETTLEMENT_LOCK,
  settlementHoldRow,
  TRANSACTION_COLUMNS,
  transactionRow,
  type MerchantListings,
  type Row,
} from './merchant-rows.ts';

/** `settlement_batch_id` is not written: it is the mark of batches made before ranges. */
const INSERT_TRANSACTION = `insert into merchant_transactions (id, transaction_reference, merchant_id, provider, customer_phone_number, customer_name, idempotency_key,
   amount_centimes, merchant_fee_centimes, net_amount_centimes, commission_centimes, agent_id, status, created_at, completed_at, provider_reference)
 values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

const transactionValues = (t: MerchantTransaction) => [
  t.id, t.transactionReference, t.merchantId, t.provider, t.customerPhoneNumber, t.customerName ?? null, t.idempotencyKey ?? null,
  t.amount.centimes, t.merchantFee.centimes, t.netAmount.centimes, t.commission.centimes, t.agentId ?? null, t.status, t.createdAt,
  t.completedAt ?? null, t.providerReference ?? null,
];

export class PostgresMerchantTransactions implements MerchantTransactionRepository, MerchantPaymentReads {
  private readonly list: (sql: string, params: readonly unknown[]) => Promise<Row[]>;

  constructor(
    private readonly em: EntityManager,
    lists: MerchantListings = 'primary',
  ) {
    this.list = listingReader(em, lists);
  }

  async findByReference(reference: string): Promise<MerchantTransaction | undefined> {
    const [row] = await this.em.execute<Row[]>(`select ${TRANSACTION_COLUMNS} from merchant_transactions t where t.transaction_reference = ? for update of t`, [reference]);
    return row && transactionRow.parse(row);
  }

  async findById(id: string): Promise<MerchantTransaction | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.em.execute<Row[]>(`select ${TRANSACTION_COLUMNS} from merchant_transactions t where t.id = ?`, [id]);
    return row && transactionRow.parse(row);
  }

  async listForMerchant(merchantId: string, range: { from?: Date; to?: Date }): Promise<MerchantTransaction[]> {
    if (!isUuid(merchantId)) return [];
    const rows = await this.list(
      `select ${TRANSACTION_COLUMNS} from merchant_transactions t
        where t.merchant_id = ? and t.created_at >= coalesce(?::timestamptz, '-infinity') and t.created_at < coalesce(?::timestamptz, 'infinity')
        order by t.created_at desc, t.id desc`,
      [merchantId, range.from ?? null, range.to ?? null],
    );
    return rows.map((r) => transactionRow.parse(r));
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
    return (row && settlementHoldRow.parse(row).closed_until) ?? undefined;
  }

  /** The transactions the batch covers: its range (a range look-up on the merchant's completed rows), or its marks (a batch made before ranges). */
  async listBySettlementBatch(batchId: string): Promise<MerchantTransaction[]> {
    if (!isUuid(batchId)) return [];
    const rows = await this.em.execute<Row[]>(`select t.*, b.id as covering_batch_id from ${BATCH_TRANSACTIONS} where b.id = ? order by t.completed_at, t.id`, [batchId]);
    return rows.map((r) => transactionRow.parse(r));
  }

  /** Pending payments created before `instant`, least recently polled first, marked polled at `now`. */
  async listPendingOlderThan(instant: Date, limit: number, now: Date): Promise<MerchantTransaction[]> {
    const rows = await this.em.execute<Row[]>(
      `update merchant_transactions set last_polled_at = ? where id in (
         select id from merchant_transactions where status = 'pending' and created_at < ? order by last_polled_at nulls first, created_at limit ? for update skip locked)
       returning *`, // pending rows: no batch covers them
      [now, instant, limit],
    );
    return rows.map((r) => transactionRow.parse(r));
  }

  async findByIdempotencyKey(idempotencyKey: string): Promise<MerchantTransaction | undefined> {
    const [row] = await this.em.execute<Row[]>(`select ${TRANSACTION_COLUMNS} from merchant_transactions t where t.idempotency_key = ?`, [idempotencyKey]);
    return row && transactionRow.parse(row);
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
