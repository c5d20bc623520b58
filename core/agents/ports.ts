/** Ports of the agents module. */
import type { Money } from '../money/money.ts';
import type { AccreditationStatus, Agent } from './agent.ts';
import type { RegisteredAgent } from './agent-profile.ts';
import type { Commission, CommissionPayout } from './commission.ts';

export interface AgentRepository {
  findById(id: string): Promise<Agent | undefined>;
  save(agent: Agent): Promise<void>;
}

export interface CommissionRepository {
  save(commission: Commission): Promise<void>;
  findPendingBefore(before: Date): Promise<Commission[]>;
  findByIds(ids: readonly string[]): Promise<Commission[]>;
}

export interface CommissionPayoutRepository {
  findById(id: string): Promise<CommissionPayout | undefined>;
  findByPeriod(periodStart: Date): Promise<CommissionPayout[]>;
  /** The agent's most recent payout, whose carried fraction the next one includes. */
  latestFor(agentId: string): Promise<CommissionPayout | undefined>;
  save(payout: CommissionPayout): Promise<void>;
}

/** Agents as registered (profile and status), for registration, look-up and the dashboard. */
export interface AgentRegistry {
  findRegistered(id: string): Promise<RegisteredAgent | undefined>;
  findByUser(userId: string): Promise<RegisteredAgent | undefined>;
  findByCode(agentCode: string): Promise<RegisteredAgent | undefined>;
  /** Stores a new agent; answers `agent_code_taken` or `already_an_agent` when a unique key is held. */
  register(agent: RegisteredAgent): Promise<'registered' | 'agent_code_taken' | 'already_an_agent'>;
}

/** A commission with the sale it was earned on: which merchant, how much, when. */
export interface CommissionOnSale {
  readonly commission: Commission;
  readonly merchant: { readonly businessName: string; readonly merchantCode: string };
  /** The customer's payment: its gross amount and when it completed. */
  readonly sale: { readonly amount: Money; readonly at: Date };
}

/** What the agent dashboard reads: the merchants an agent onboarded and the commissions earned. */
export interface AgentEarnings {
  merchantsOnboardedBy(agentId: string): Promise<{ id: string; businessName: string; merchantCode: string; merchantCategory: string; merchantStatus: string; createdAt: Date }[]>;
  /** Every commission of the agent (any status), each with its sale. */
  commissionsOf(agentId: string): Promise<CommissionOnSale[]>;
}

/** An agent as the admin's list shows it (`agents list`). */
export interface AgentSummary {
  readonly id: string;
  readonly agentCode: string;
  readonly agentType: string;
  readonly district: string;
  readonly accreditationStatus: AccreditationStatus;
  readonly createdAt: Date;
}

/** Every agent, oldest registration first: the admin's list. */
export interface AgentListing {
  listAll(): Promise<AgentSummary[]>;
}
