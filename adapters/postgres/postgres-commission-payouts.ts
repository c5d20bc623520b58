/**
 * Agents' monthly commission payouts over PostgreSQL (table `commission_payouts`,
 * Migration20261124100000), in the caller's transaction; rows parsed by their schema
 * (merchant-rows.ts).
 *
 * Guarantees
 * - A payout's commissions are those pointing at it (`payout_id`), marked when it is saved: a
 *   commission already in a payout is never moved to another.
 * - An id that cannot exist (not a UUID) finds nothing, never an error.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CommissionPayout } from '../../core/agents/commission.ts';
import type { CommissionPayoutRepository } from '../../core/agents/ports.ts';
import { idsByHolder, isUuid, payoutRow, type Row } from './merchant-rows.ts';
import { sqlArray } from './sql-array.ts';

export class PostgresCommissionPayouts implements CommissionPayoutRepository {
  constructor(private readonly em: EntityManager) {}

  private async withIds(rows: Row[]): Promise<CommissionPayout[]> {
    if (!rows.length) return [];
    const held = await this.em.execute<Row[]>(`select id, payout_id as holder_id from agent_commissions where payout_id = any(?::uuid[])`, [sqlArray(rows.map((r) => String(r.id)))]);
    const schema = payoutRow(idsByHolder(held));
    return rows.map((r) => schema.parse(r));
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
      await this.em.execute(`update agent_commissions set payout_id = ? where id = any(?::uuid[]) and payout_id is null`, [p.id, sqlArray(p.commissionIds)]);
    }
  }
}
