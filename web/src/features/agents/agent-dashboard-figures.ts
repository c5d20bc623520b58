/**
 * What the agent dashboard derives itself; its figures (earned, pending, projected) come from the
 * server (core/agents/show-agent-dashboard.ts), never recomputed here.
 *
 * Guarantees:
 * - Recommendations come only from the agent's own merchants: those awaiting KYB verification and
 *   those suspended, each with its count; an agent without merchants is told to onboard a first.
 */
export type AgentRecommendation = { key: 'recommendFirst' } | { key: 'recommendAwaiting' | 'recommendSuspended'; count: number };

export function agentRecommendations(totalMerchants: number, merchants: ReadonlyArray<{ merchantStatus?: string | null | undefined }>): AgentRecommendation[] {
  if (totalMerchants === 0 && merchants.length === 0) return [{ key: 'recommendFirst' }];
  const recommendations: AgentRecommendation[] = [];
  const awaiting = merchants.filter((merchant) => merchant.merchantStatus === 'pending').length;
  const suspended = merchants.filter((merchant) => merchant.merchantStatus === 'suspended').length;
  if (awaiting > 0) recommendations.push({ key: 'recommendAwaiting', count: awaiting });
  if (suspended > 0) recommendations.push({ key: 'recommendSuspended', count: suspended });
  return recommendations;
}
