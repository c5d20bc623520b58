/**
 * What an agent states when registering (spec part 2 §3 "Agent registration"), beside the
 * accreditation status of core/agents/agent.ts.
 *
 * Guarantees
 * - A business agent has a business name and registration number; an individual has neither.
 * - The agent code is unique across agents and never changes.
 */
import type { Agent } from './agent.ts';

export type AgentType = 'individual' | 'business';

export interface AgentProfile {
  readonly agentType: AgentType;
  readonly businessName: string | null;
  readonly businessRegistrationNumber: string | null;
  readonly physicalAddress: string;
  readonly district: string;
  readonly sector: string | null;
  readonly phoneNumber: string;
  readonly email: string;
  readonly serviceTerritories: readonly string[];
  readonly createdAt: Date;
}

export type RegisteredAgent = Agent & AgentProfile;

/** What anyone may learn of an agent by its code (a merchant naming its referrer): nothing personal. */
export interface PublicAgent {
  readonly id: string;
  readonly agentCode: string;
  readonly agentType: AgentType;
  readonly businessName: string | null;
  readonly district: string;
}

export function publicAgent(agent: RegisteredAgent): PublicAgent {
  return {
    id: agent.id,
    agentCode: agent.agentCode,
    agentType: agent.agentType,
    // An individual's "business name" would be a person's name: never shown.
    businessName: agent.agentType === 'business' ? agent.businessName : null,
    district: agent.district,
  };
}
