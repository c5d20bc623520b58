/**
 * The agent dashboard (/agent/dashboard): the agent, stats, recent merchants and commissions.
 *
 * Guarantees
 * - Only the agent sees it: a member without an agent profile gets `agent_not_found`.
 * - totalEarned = every commission accrued (pending and paid; one whose payment was reversed while
 *   pending was never earned and is not shown); pendingEarnings = those pending;
 *   projectedEarnings = totalEarned × 1.3 (spec part 2 §9), half-even to the centime.
 * - activeMerchants counts the onboarded merchants whose status is `active`.
 */
import { Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { RegisteredAgent } from './agent-profile.ts';
import type { Commission } from './commission.ts';
import type { AgentEarnings, AgentRegistry } from './ports.ts';

export const RECENT_ITEMS = 10;
/** +30 %: spec part 2 §9 "projected earnings totalEarned x 1.3". */
export const PROJECTION_BPS = 13_000;

export interface AgentDashboard {
  agent: RegisteredAgent;
  stats: { totalMerchantsOnboarded: number; activeMerchants: number; totalEarned: Money; pendingEarnings: Money; projectedEarnings: Money };
  recentMerchants: Awaited<ReturnType<AgentEarnings['merchantsOnboardedBy']>>;
  recentCommissions: Commission[];
  pendingCommissions: Commission[];
}

export class ShowAgentDashboard {
  constructor(private readonly deps: { agents: AgentRegistry; earnings: AgentEarnings }) {}

  async execute(input: { userId: string }): Promise<Result<AgentDashboard, 'agent_not_found'>> {
    const agent = await this.deps.agents.findByUser(input.userId);
    if (!agent) return err('agent_not_found');
    const merchants = await this.deps.earnings.merchantsOnboardedBy(agent.id);
    const commissions = (await this.deps.earnings.commissionsOf(agent.id)).filter((c) => c.status !== 'reversed');
    const pending = commissions.filter((c) => c.status === 'pending');
    const totalEarned = Money.sum(commissions.map((c) => c.amount));
    const newestFirst = <T extends { createdAt: Date }>(items: readonly T[]) => [...items].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    return ok({
      agent,
      stats: {
        totalMerchantsOnboarded: merchants.length,
        activeMerchants: merchants.filter((m) => m.merchantStatus === 'active').length,
        totalEarned,
        pendingEarnings: Money.sum(pending.map((c) => c.amount)),
        projectedEarnings: totalEarned.percentOf(PROJECTION_BPS),
      },
      recentMerchants: newestFirst(merchants).slice(0, RECENT_ITEMS),
      recentCommissions: newestFirst(commissions).slice(0, RECENT_ITEMS),
      pendingCommissions: newestFirst(pending),
    });
  }
}
