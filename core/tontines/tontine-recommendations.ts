/**
 * Tontine recommendations: how well a forming group fits a member (spec part 1 §3, "matchScore
 * 0 to 1"; DOMAIN: computed from real data).
 *
 * Guarantees
 * - The score is in [0, 1]: 40 % budget fit, 20 % frequency, 20 % spots left, 20 % the group's
 *   on-time rate. What the member did not say (no budget, no frequency) and what a new group
 *   cannot show yet (no paid contribution) counts as neutral (0.5), never as a perfect fit.
 * - Budget fit is 1 when the contribution equals the budget, falls linearly to 0.5 for a
 *   contribution near zero, and to 0 for a contribution of twice the budget or more: a group the
 *   member cannot afford never ranks above one they can.
 * - Only groups still forming, with a spot left, that the member is not in, are candidates.
 */
import type { Money } from '../money/money.ts';
import type { Frequency } from './cycle-calendar.ts';

export interface RecommendationCandidate {
  contributionAmount: Money;
  frequency: Frequency;
  maxMembers: number;
  members: number;
  /** Whole percent of the group's paid contributions paid on time; null with no history. */
  onTimeRate: number | null;
}

export interface MemberPreferences {
  budget: Money | null;
  frequency: Frequency | null;
}

const NEUTRAL = 0.5;

export function budgetFit(contribution: Money, budget: Money | null): number {
  if (budget === null || !budget.isPositive()) return NEUTRAL;
  const ratio = contribution.centimes / budget.centimes;
  return ratio <= 1 ? 0.5 + 0.5 * ratio : Math.max(0, 2 - ratio);
}

export function matchScore(candidate: RecommendationCandidate, preferences: MemberPreferences): number {
  const frequency = preferences.frequency === null ? NEUTRAL : preferences.frequency === candidate.frequency ? 1 : 0;
  const spots = candidate.maxMembers > 0 ? Math.max(0, candidate.maxMembers - candidate.members) / candidate.maxMembers : 0;
  const punctuality = candidate.onTimeRate === null ? NEUTRAL : candidate.onTimeRate / 100;
  const score = 0.4 * budgetFit(candidate.contributionAmount, preferences.budget) + 0.2 * frequency + 0.2 * spots + 0.2 * punctuality;
  return Math.round(Math.min(1, Math.max(0, score)) * 100) / 100;
}

/** Why a group is proposed, in the member's terms: spots left, its rhythm, the budget, its record. */
export function recommendationReason(candidate: RecommendationCandidate, preferences: MemberPreferences): string {
  const { contributionAmount, frequency, maxMembers, members, onTimeRate } = candidate;
  const parts = [`${maxMembers - members} of ${maxMembers} spots left`, `${contributionAmount.format()} ${frequency}`];
  const { budget } = preferences;
  if (budget) parts.push(contributionAmount.greaterThan(budget) ? `above your budget of ${budget.format()}` : `within your budget of ${budget.format()}`);
  parts.push(onTimeRate === null ? 'new group' : `${onTimeRate}% of contributions paid on time`);
  return parts.join(' · ');
}
