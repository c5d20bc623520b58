/**
 * Admin decisions on an agent (CLI): accredit, suspend, reinstate, revoke.
 *
 * Guarantees
 * - In the caller's unit of work (ReviewAgent: core/agents/review-agent.ts), which
 *   commits the decision with its audit row.
 * - The move follows core/agents/agent.ts; anything else is `agent_transition_not_allowed`.
 */
import { err, ok, type Result } from '../shared/result.ts';
import { transitionAgent, type Agent, type AgentEvent } from './agent.ts';
import type { AgentRepository } from './ports.ts';

export async function decideAgent(
  deps: { agents: AgentRepository },
  input: { agentId: string; event: AgentEvent },
): Promise<Result<Agent, 'agent_not_found' | 'agent_transition_not_allowed'>> {
  const agent = await deps.agents.findById(input.agentId);
  if (!agent) return err('agent_not_found');
  const next = transitionAgent(agent, input.event);
  if (!next.ok) return next;
  await deps.agents.save(next.value);
  return ok(next.value);
}
