/**
 * RecommendTontines: a member asks which forming groups fit their budget and rhythm
 * (tontine-recommendations.ts scores them).
 *
 * Guarantees
 * - Candidates are the discoverable groups (at most CANDIDATE_SAMPLE) still forming, with a spot
 *   left, that the member is not in.
 * - The candidates' contribution histories are one read, however many candidates.
 * - Best score first, the older group first on a tie; at most RECOMMENDATIONS.
 */
import type { Contribution } from '../contributions/contribution.ts';
import { onTimeRate } from '../contributions/contribution-summary.ts';
import type { ContributionRepository } from '../contributions/ports.ts';
import type { Money } from '../money/money.ts';
import type { Frequency } from './cycle-calendar.ts';
import type { TontineRepository } from './ports.ts';
import type { Tontine } from './tontine.ts';
import { matchScore, recommendationReason } from './tontine-recommendations.ts';

export const CANDIDATE_SAMPLE = 1000;
export const RECOMMENDATIONS = 10;

export interface RecommendTontinesDeps {
  tontines: Pick<TontineRepository, 'listDiscoverable'>;
  contributions: Pick<ContributionRepository, 'listByTontines'>;
}

export interface RecommendTontinesInput {
  userId: string;
  budget: Money | null;
  frequency: Frequency | null;
}

export interface Recommendation {
  tontine: Tontine;
  /** In [0, 1]. */
  score: number;
  reason: string;
}

export class RecommendTontines {
  constructor(private readonly deps: RecommendTontinesDeps) {}

  async execute(input: RecommendTontinesInput): Promise<Recommendation[]> {
    const candidates = (await this.deps.tontines.listDiscoverable(CANDIDATE_SAMPLE)).filter((t) => t.status === 'forming' && !t.isFull && !t.isMember(input.userId));
    const histories = new Map<string, Contribution[]>();
    for (const c of candidates.length === 0 ? [] : await this.deps.contributions.listByTontines(candidates.map((t) => t.id))) {
      histories.set(c.tontineId, [...(histories.get(c.tontineId) ?? []), c]);
    }
    const preferences = { budget: input.budget, frequency: input.frequency };
    return candidates
      .map((tontine) => {
        const history = histories.get(tontine.id) ?? [];
        const rate = history.some((c) => c.isCompleted) ? onTimeRate(history) : null;
        const candidate = { contributionAmount: tontine.contributionAmount, frequency: tontine.frequency, maxMembers: tontine.maxMembers, members: tontine.members.length, onTimeRate: rate };
        return { tontine, score: matchScore(candidate, preferences), reason: recommendationReason(candidate, preferences) };
      })
      .sort((a, b) => b.score - a.score || a.tontine.createdAt.getTime() - b.tontine.createdAt.getTime())
      .slice(0, RECOMMENDATIONS);
  }
}
