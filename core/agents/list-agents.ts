/**
 * Every agent with its code and accreditation status, oldest registration first: the admin's
 * `agents list` (cli/business-command.ts).
 *
 * Guarantees
 * - Reads only; the list is the admin's (no channel a member reaches calls it).
 */
import type { AgentListing, AgentSummary } from './ports.ts';

export class ListAgents {
  constructor(private readonly deps: { agents: AgentListing }) {}

  execute(): Promise<AgentSummary[]> {
    return this.deps.agents.listAll();
  }
}
