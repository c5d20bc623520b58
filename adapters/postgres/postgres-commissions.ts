/**
 * Agents' commissions over PostgreSQL (table `agent_commissions`, Migration20261124100000), in the
 * caller's transaction; rows parsed by their schema (merchant-rows.ts).
 *
 * Guarantees
 * - One commission per transaction (its unique key); a commission in a payout (`payout_id`) is no
 *   longer pending-to-batch, even if its payout failed (the payout is retried, never rebuilt).
 * - An id that cannot exist (not a UUID) finds nothing, never an error.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Commission } from '../../core/agents/commission.ts';
import type { CommissionRepository } from '../../core/agents/ports.ts';
import type { CommissionOfTransaction } from '../../core/merchants/ports.ts';
import { commissionRow, isUuid, type Row } from './merchant-rows.ts';
import { sqlArray } from './sql-array.ts';

export class PostgresCommissions implements CommissionRepository, CommissionOfTransaction {
  constructor(private readonly em: EntityManager) {}

  async findByTransaction(transactionId: string): Promise<Commission | undefined> {
    if (!isUuid(transactionId)) return undefined;
    const [row] = await this.em.execute<Row[]>(`select * from agent_commissions where transaction_id = ?`, [transactionId]);
    return row && commissionRow.parse(row);
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
    return rows.map((r) => commissionRow.parse(r));
  }

  async findByIds(ids: readonly string[]): Promise<Commission[]> {
    const valid = ids.filter(isUuid);
    if (!valid.length) return [];
    return (await this.em.execute<Row[]>(`select * from agent_commissions where id = any(?::uuid[])`, [sqlArray(valid)])).map((r) => commissionRow.parse(r));
  }
}
