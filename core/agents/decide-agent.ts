/**
 * Admin decisions on an agent (CLI): accredit, suspend, reinstate, revoke.
 *
 * Guarantees
 * - The move follows core/agents/agent.ts; anything else is `agent_transition_not_allowed`.
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { transitionAgent, type Agent, type AgentEvent } from './agent.ts';
import type { AgentRepository } from './ports.ts';

export async function decideAgent(
  deps: { agents: AgentRepository; unitOfWork: UnitOfWork },
  input: { agentId: string; event: AgentEvent },
): Promise<Result<Agent, 'agent_not_found' | 'agent_transition_not_allowed'>> {
  return deps.unitOfWork.run(async () => {
    const agent = await deps.agents.findById(input.agentId);
    if (!agent) return err('agent_not_found');
    const next = transitionAgent(agent, input.event);
    if (!next.ok) return next;
    await deps.agents.save(next.value);
    return ok(next.value);
  });
}
