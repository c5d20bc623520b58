/**
 * Agents over PostgreSQL (table `agents`, Migration20261124100000), in the caller's transaction
 * (the global EntityManager resolves to the unit of work's fork); rows parsed by their schema
 * (merchant-rows.ts).
 *
 * Guarantees
 * - `register` relies on the unique keys (code, one agent per member): a registration that lost a
 *   race answers the taken key, never a 500.
 * - An id that cannot exist (not a UUID) finds nothing, never an error.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Agent } from '../../core/agents/agent.ts';
import type { RegisteredAgent } from '../../core/agents/agent-profile.ts';
import type { AgentRegistry, AgentRepository } from '../../core/agents/ports.ts';
import type { AgentLookup } from '../../core/merchants/ports.ts';
import { agentRow, isUuid, type Row } from './merchant-rows.ts';

export class PostgresAgents implements AgentRepository, AgentRegistry, AgentLookup {
  constructor(private readonly em: EntityManager) {}

  private async one(where: string, params: unknown[]): Promise<RegisteredAgent | undefined> {
    const [row] = await this.em.execute<Row[]>(`select * from agents where ${where} limit 1`, params);
    return row && agentRow.parse(row);
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
}
