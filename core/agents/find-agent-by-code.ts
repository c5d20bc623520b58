/**
 * Look up a referring agent by code (GET /api/agents?code=), for a merchant's registration form.
 *
 * Guarantees
 * - Only an `active` agent is found (DOMAIN: only active agents appear in the code look-up);
 *   pending, suspended, revoked and unknown codes answer an empty list alike.
 * - The answer holds nothing personal (core/agents/agent-profile.ts `publicAgent`).
 */
import type { PublicAgent } from './agent-profile.ts';
import { publicAgent } from './agent-profile.ts';
import type { AgentRegistry } from './ports.ts';

export class FindAgentByCode {
  constructor(private readonly deps: { agents: AgentRegistry }) {}

  async execute(input: { agentCode: string }): Promise<PublicAgent[]> {
    const agent = await this.deps.agents.findByCode(input.agentCode.trim().toUpperCase());
    return agent && agent.accreditationStatus === 'active' ? [publicAgent(agent)] : [];
  }
}
