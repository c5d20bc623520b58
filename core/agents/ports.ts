/** Ports of the agents module. */
import type { Agent } from './agent.ts';
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
