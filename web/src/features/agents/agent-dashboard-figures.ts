/**
 * Figures the agent dashboard derives (spec part 2 §2, §9).
 *
 * Guarantees:
 * - Projected earnings are totalEarned × 1.3, computed in integer centimes (half up); an
 *   unreadable total projects 0.
 * - Recommendations come only from the agent's own merchants: those awaiting KYB verification and
 *   those suspended, each with its count; an agent without merchants is told to onboard a first.
 */
import { parseCentimes, type Centimes } from '../../lib/money.ts';

export function projectedEarnings(totalEarned: string): Centimes {
  const centimes = parseCentimes(totalEarned) ?? 0;
  return Math.round((centimes * 13) / 10);
}

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
