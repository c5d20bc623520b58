/**
 * The admin's lists of agents and merchants (core/agents AgentListing, core/merchants
 * MerchantListing): one read each, every row parsed by its schema (merchant-rows.ts), so a column
 * out of shape is an error here rather than a wrong value on the admin's screen.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AgentListing, AgentSummary } from '../../core/agents/ports.ts';
import type { MerchantListing, MerchantSummary } from '../../core/merchants/ports.ts';
import { agentSummaryRow, merchantSummaryRow, type Row } from './merchant-rows.ts';

export class PostgresAgentListing implements AgentListing {
  constructor(private readonly em: EntityManager) {}

  async listAll(): Promise<AgentSummary[]> {
    const rows = await this.em.execute<Row[]>('select id, agent_code, agent_type, district, accreditation_status, created_at from agents order by created_at');
    return rows.map((r) => agentSummaryRow.parse(r));
  }
}

export class PostgresMerchantListing implements MerchantListing {
  constructor(private readonly em: EntityManager) {}

  async listAll(): Promise<MerchantSummary[]> {
    // The card refunds still open at the processor (requested or pending), in the same query.
    const rows = await this.em.execute<Row[]>(
      `select m.id, m.merchant_code, m.business_name, m.district, m.merchant_status, m.kyb_status, m.onboarded_by_agent_id, m.status_reason_code, m.status_reason_note,
              (select count(*)::int from merchant_card_refunds r where r.merchant_id = m.id and r.status in ('requested', 'pending')) as open_refunds
         from merchants m order by m.created_at`,
    );
    return rows.map((r) => merchantSummaryRow.parse(r));
  }
}
