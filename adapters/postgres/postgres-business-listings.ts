/**
 * The admin's lists of agents and merchants (core/agents AgentListing, core/merchants
 * MerchantListing): one read each, every row parsed with zod, so a column out of shape is an
 * error here rather than a wrong value on the admin's screen.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { AgentListing, AgentSummary } from '../../core/agents/ports.ts';
import type { MerchantListing, MerchantSummary } from '../../core/merchants/ports.ts';

const AgentRow = z
  .object({
    id: z.string(),
    agent_code: z.string(),
    agent_type: z.string(),
    district: z.string(),
    accreditation_status: z.enum(['pending', 'active', 'suspended', 'revoked']),
    created_at: z.coerce.date(),
  })
  .transform(
    (r): AgentSummary => ({ id: r.id, agentCode: r.agent_code, agentType: r.agent_type, district: r.district, accreditationStatus: r.accreditation_status, createdAt: r.created_at }),
  );

const MerchantRow = z
  .object({
    id: z.string(),
    merchant_code: z.string(),
    business_name: z.string(),
    district: z.string(),
    merchant_status: z.enum(['pending', 'active', 'suspended', 'rejected']),
    kyb_status: z.enum(['pending', 'verified', 'rejected']),
    onboarded_by_agent_id: z.string().nullable(),
    status_reason_code: z.string().nullable(),
    status_reason_note: z.string().nullable(),
    open_refunds: z.coerce.number().int(),
  })
  .transform(
    (r): MerchantSummary => ({
      id: r.id,
      merchantCode: r.merchant_code,
      businessName: r.business_name,
      district: r.district,
      merchantStatus: r.merchant_status,
      kybStatus: r.kyb_status,
      onboardedByAgentId: r.onboarded_by_agent_id,
      statusReasonCode: r.status_reason_code,
      statusReasonNote: r.status_reason_note,
      openCardRefunds: r.open_refunds,
    }),
  );

export class PostgresAgentListing implements AgentListing {
  constructor(private readonly em: EntityManager) {}

  async listAll(): Promise<AgentSummary[]> {
    const rows = await this.em.execute<unknown[]>('select id, agent_code, agent_type, district, accreditation_status, created_at from agents order by created_at');
    return z.array(AgentRow).parse(rows);
  }
}

export class PostgresMerchantListing implements MerchantListing {
  constructor(private readonly em: EntityManager) {}

  async listAll(): Promise<MerchantSummary[]> {
    // The card refunds still open at the processor (requested or pending), in the same query.
    const rows = await this.em.execute<unknown[]>(
      `select m.id, m.merchant_code, m.business_name, m.district, m.merchant_status, m.kyb_status, m.onboarded_by_agent_id, m.status_reason_code, m.status_reason_note,
              (select count(*)::int from merchant_card_refunds r where r.merchant_id = m.id and r.status in ('requested', 'pending')) as open_refunds
         from merchants m order by m.created_at`,
    );
    return z.array(MerchantRow).parse(rows);
  }
}
