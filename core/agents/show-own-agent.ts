/**
 * The member's own agent profile (GET /api/agents/me; the redirect hub).
 *
 * Guarantees
 * - A member who is no agent answers `agent_not_found`.
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { RegisteredAgent } from './agent-profile.ts';
import type { AgentRegistry } from './ports.ts';

/** The member's own agent profile (GET /api/agents/me; the redirect hub). */
export class ShowOwnAgent {
  constructor(private readonly deps: { agents: AgentRegistry }) {}

  async execute(input: { userId: string }): Promise<Result<RegisteredAgent, 'agent_not_found'>> {
    const agent = await this.deps.agents.findByUser(input.userId);
    return agent ? ok(agent) : err('agent_not_found');
  }
}
