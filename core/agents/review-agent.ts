/**
 * The admin's decision on an agent (CLI `agents accredit|suspend|reinstate|revoke`), recorded in
 * the audit trail.
 *
 * Guarantees
 * - The move follows core/agents/agent.ts (decideAgent); a refused move changes nothing and
 *   records nothing.
 * - The decision and its audit row (`agent_<event>`, actor, reason) commit together, in one unit
 *   of work. The reason is the admin's own words, kept in the audit trail only.
 */
import type { AuditTrail } from '../audit/ports.ts';
import type { Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { Agent, AgentEvent } from './agent.ts';
import { decideAgent } from './decide-agent.ts';
import type { AgentRepository } from './ports.ts';

export class ReviewAgent {
  constructor(private readonly deps: { agents: AgentRepository; audit: AuditTrail; uow: UnitOfWork }) {}

  async execute(input: { agentId: string; event: AgentEvent; actor: string; reason?: string }): Promise<Result<Agent, 'agent_not_found' | 'agent_transition_not_allowed'>> {
    const { agents, audit, uow } = this.deps;
    return uow.run(async () => {
      const decided = await decideAgent({ agents }, input);
      if (!decided.ok) return decided;
      await audit.record({ action: `agent_${input.event}`, actor: input.actor, subject: `agent:${input.agentId}`, details: { status: decided.value.accreditationStatus, reason: input.reason ?? null } });
      return decided;
    });
  }
}
