/**
 * What the agent dashboard reads over PostgreSQL: the merchants an agent onboarded and its
 * commissions with their sales (tables `merchants`, `agent_commissions`, `merchant_transactions`,
 * Migration20261124100000); rows parsed by their schema (merchant-rows.ts).
 *
 * Guarantees
 * - An id that cannot exist (not a UUID) finds nothing, never an error.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AgentEarnings, CommissionOnSale } from '../../core/agents/ports.ts';
import { commissionOnSaleRow, isUuid, onboardedMerchantRow, type Row } from './merchant-rows.ts';

export class PostgresAgentEarnings implements AgentEarnings {
  constructor(private readonly em: EntityManager) {}

  async merchantsOnboardedBy(agentId: string) {
    if (!isUuid(agentId)) return [];
    const rows = await this.em.execute<Row[]>(
      `select id, business_name, merchant_code, merchant_category, merchant_status, created_at from merchants where onboarded_by_agent_id = ? order by created_at`,
      [agentId],
    );
    return rows.map((r) => onboardedMerchantRow.parse(r));
  }

  async commissionsOf(agentId: string): Promise<CommissionOnSale[]> {
    if (!isUuid(agentId)) return [];
    const rows = await this.em.execute<Row[]>(
      `select c.*, m.business_name, m.merchant_code, t.amount_centimes as sale_centimes, coalesce(t.completed_at, t.created_at) as sale_at
         from agent_commissions c join merchants m on m.id = c.merchant_id join merchant_transactions t on t.id = c.transaction_id
        where c.agent_id = ? order by c.created_at`,
      [agentId],
    );
    return rows.map((r) => commissionOnSaleRow.parse(r));
  }
}
