/**
 * Reversals of merchant payments over PostgreSQL (table `merchant_payment_reversals`,
 * Migration20261126200000), in the caller's transaction; rows parsed by their schema
 * (merchant-rows.ts).
 *
 * Guarantees
 * - The unique key on the payment makes a reversal once (`add`).
 * - Built with `lists: 'replica-safe'`, its merchant listing (`listForMerchant`) is sent as a
 *   replica-safe read (read-replicas.ts): only the merchant's sales analytics is given one.
 * - An id that cannot exist (not a UUID) finds nothing, never an error.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MerchantPaymentReversal } from '../../core/merchants/merchant-reversal.ts';
import type { MerchantReversals } from '../../core/merchants/ports.ts';
import { SETTLEMENT_ORIGIN } from '../../core/settlements/settlement-batch.ts';
import { isUuid, listingReader, reversalRow, type MerchantListings, type Row } from './merchant-rows.ts';

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
    const [row] = await this.em.execute<Row[]>(`select * from merchant_payment_reversals where transaction_id = ?`, [transactionId]);
    return row && reversalRow.parse(row);
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
    return rows.map((r) => reversalRow.parse(r));
  }

  async listForMerchant(merchantId: string): Promise<MerchantPaymentReversal[]> {
    if (!isUuid(merchantId)) return [];
    const rows = await this.list(`select * from merchant_payment_reversals where merchant_id = ? order by reversed_at, id`, [merchantId]);
    return rows.map((r) => reversalRow.parse(r));
  }

  async listAwaitingSettlement(merchantId: string): Promise<MerchantPaymentReversal[]> {
    if (!isUuid(merchantId)) return [];
    const rows = await this.em.execute<Row[]>(
      `select r.* from merchant_payment_reversals r
        where r.merchant_id = ? and r.reversed_at >= coalesce((select b.covered_until from settlement_batches b where b.merchant_id = r.merchant_id order by b.period_start desc limit 1), ?)
        order by r.reversed_at, r.id`,
      [merchantId, SETTLEMENT_ORIGIN],
    );
    return rows.map((r) => reversalRow.parse(r));
  }
}
