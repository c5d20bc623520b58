/**
 * The agent dashboard (/agent/dashboard): the agent, stats, recent merchants and commissions.
 *
 * Guarantees
 * - Only the agent sees it: a member without an agent profile gets `agent_not_found`.
 * - Earned means paid: totalEarned = the commissions paid out to the agent; pendingEarnings = those
 *   accrued and not paid yet (the payout on the 1st pays them); projectedEarnings = totalEarned ×
 *   1.3 (spec part 2 §9), half-even to the centime. A commission whose payment was reversed while
 *   it was pending was never earned: it is in no figure and no list.
 * - The two lists are apart: recentCommissions are paid ones only (what "earned" counts),
 *   pendingCommissions pending ones only; each the newest RECENT_ITEMS by sale, with how many
 *   there are in all (paidCommissions, pendingCommissions in the stats). Each names its merchant
 *   and its sale (amount, date).
 * - activeMerchants counts the onboarded merchants whose status is `active`.
 */
import { Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { RegisteredAgent } from './agent-profile.ts';
import type { AgentEarnings, AgentRegistry, CommissionOnSale } from './ports.ts';

export const RECENT_ITEMS = 10;
/** +30 %: spec part 2 §9 "projected earnings totalEarned x 1.3". */
export const PROJECTION_BPS = 13_000;

export interface AgentDashboardStats {
  totalMerchantsOnboarded: number;
  activeMerchants: number;
  totalEarned: Money;
  pendingEarnings: Money;
  projectedEarnings: Money;
  /** How many commissions were paid, and how many await the payout (the lists show the newest RECENT_ITEMS). */
  paidCommissions: number;
  pendingCommissions: number;
}

export interface AgentDashboard {
  agent: RegisteredAgent;
  stats: AgentDashboardStats;
  recentMerchants: Awaited<ReturnType<AgentEarnings['merchantsOnboardedBy']>>;
  recentCommissions: CommissionOnSale[];
  pendingCommissions: CommissionOnSale[];
}

const newestFirst = <T,>(items: readonly T[], at: (item: T) => Date) => [...items].sort((a, b) => at(b).getTime() - at(a).getTime());

/** The dashboard's figures from the agent's merchants and commissions (pure: the rules above). */
export function agentDashboardFigures(
  merchants: Awaited<ReturnType<AgentEarnings['merchantsOnboardedBy']>>,
  commissions: readonly CommissionOnSale[],
): Omit<AgentDashboard, 'agent'> {
  const paid = newestFirst(commissions.filter((c) => c.commission.status === 'paid'), (c) => c.sale.at);
  const pending = newestFirst(commissions.filter((c) => c.commission.status === 'pending'), (c) => c.sale.at);
  const totalEarned = Money.sum(paid.map((c) => c.commission.amount));
  return {
    stats: {
      totalMerchantsOnboarded: merchants.length,
      activeMerchants: merchants.filter((m) => m.merchantStatus === 'active').length,
      totalEarned,
      pendingEarnings: Money.sum(pending.map((c) => c.commission.amount)),
      projectedEarnings: totalEarned.percentOf(PROJECTION_BPS),
      paidCommissions: paid.length,
      pendingCommissions: pending.length,
    },
    recentMerchants: newestFirst(merchants, (m) => m.createdAt).slice(0, RECENT_ITEMS),
    recentCommissions: paid.slice(0, RECENT_ITEMS),
    pendingCommissions: pending.slice(0, RECENT_ITEMS),
  };
}

export class ShowAgentDashboard {
  constructor(private readonly deps: { agents: AgentRegistry; earnings: AgentEarnings }) {}

  async execute(input: { userId: string }): Promise<Result<AgentDashboard, 'agent_not_found'>> {
    const agent = await this.deps.agents.findByUser(input.userId);
    if (!agent) return err('agent_not_found');
    const merchants = await this.deps.earnings.merchantsOnboardedBy(agent.id);
    const commissions = await this.deps.earnings.commissionsOf(agent.id);
    return ok({ agent, ...agentDashboardFigures(merchants, commissions) });
  }
}
