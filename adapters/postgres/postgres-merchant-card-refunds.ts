/** Refunds of merchants' card payments (Migration20261128450000, asked_at: Migration20261128470500, disputes: Migration20261128540000), in the caller's transaction; rows parsed by their schema (merchant-rows.ts). */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CardRefundDispute, MerchantCardRefund } from '../../core/merchants/merchant-card-refund.ts';
import type { MerchantCardRefunds } from '../../core/merchants/ports.ts';
import { cardRefundRow, isUuid, type Row } from './merchant-rows.ts';

/** The dispute's columns, in `save`'s order. */
const disputeColumns = (d: CardRefundDispute | undefined) => [d?.code ?? null, d?.at ?? null, d?.processorAmount?.centimes ?? null, d?.processorChargeId ?? null];

export class PostgresMerchantCardRefunds implements MerchantCardRefunds {
  constructor(private readonly em: EntityManager) {}

  async findByTransaction(transactionId: string): Promise<MerchantCardRefund | undefined> {
    if (!isUuid(transactionId)) return undefined;
    const rows = await this.em.execute<Row[]>(`select * from merchant_card_refunds where transaction_id = ? for update`, [transactionId]);
    return rows[0] && cardRefundRow.parse(rows[0]);
  }

  /** `on conflict do nothing`: a concurrent refund of the payment waits for the first to commit, then inserts nothing. */
  async add(r: MerchantCardRefund): Promise<'added' | 'exists'> {
    const inserted = await this.em.execute<Row[]>(
      `insert into merchant_card_refunds (id, transaction_id, merchant_id, charge_id, amount_centimes, status, attempt, processor_refund_id, reason, requested_by, requested_at, settled_at, failure_reason, asked_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (transaction_id) do nothing returning id`,
      [r.id, r.transactionId, r.merchantId, r.chargeId, r.amount.centimes, r.status, r.attempt, r.processorRefundId ?? null, r.reason, r.requestedBy, r.requestedAt, r.settledAt ?? null, r.failureReason ?? null, r.askedAt ?? null],
    );
    return inserted.length ? 'added' : 'exists';
  }

  async save(r: MerchantCardRefund): Promise<void> {
    await this.em.execute(
      `update merchant_card_refunds set status = ?, attempt = ?, processor_refund_id = ?, reason = ?, requested_by = ?, requested_at = ?, settled_at = ?, failure_reason = ?, asked_at = ?,
         dispute_code = ?, disputed_at = ?, dispute_processor_amount_centimes = ?, dispute_processor_charge_id = ? where id = ?`,
      [r.status, r.attempt, r.processorRefundId ?? null, r.reason, r.requestedBy, r.requestedAt, r.settledAt ?? null, r.failureReason ?? null, r.askedAt ?? null, ...disputeColumns(r.dispute), r.id],
    );
  }

  async listForMerchant(merchantId: string): Promise<MerchantCardRefund[]> {
    if (!isUuid(merchantId)) return [];
    return (await this.em.execute<Row[]>(`select * from merchant_card_refunds where merchant_id = ?`, [merchantId])).map((r) => cardRefundRow.parse(r));
  }

  async listOpenOlderThan(instant: Date, limit: number, now: Date): Promise<MerchantCardRefund[]> {
    const rows = await this.em.execute<Row[]>(
      `update merchant_card_refunds set polled_at = ? where id in (
         select id from merchant_card_refunds where status in ('requested', 'pending') and disputed_at is null and requested_at < ?
          order by polled_at nulls first, requested_at limit ? for update skip locked)
       returning *`,
      [now, instant, limit],
    );
    return rows.map((r) => cardRefundRow.parse(r));
  }

  async listForAdmin(filter: { disputed: boolean }, limit: number): Promise<MerchantCardRefund[]> {
    const rows = await this.em.execute<Row[]>(
      `select * from merchant_card_refunds where status in ('requested', 'pending') ${filter.disputed ? 'and disputed_at is not null' : ''} order by requested_at, id limit ?`,
      [limit],
    );
    return rows.map((r) => cardRefundRow.parse(r));
  }
}
