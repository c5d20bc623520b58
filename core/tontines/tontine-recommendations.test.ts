import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { budgetFit, matchScore, recommendationReason, type RecommendationCandidate } from './tontine-recommendations.ts';

const group = (overrides: Partial<RecommendationCandidate> = {}): RecommendationCandidate => ({
  contributionAmount: Money.ofFrancs(5000),
  frequency: 'weekly',
  maxMembers: 10,
  members: 5,
  onTimeRate: null,
  ...overrides,
});

describe('tontine recommendations', () => {
  it('the score is always in [0, 1]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (c, b, rate) => {
        const score = matchScore(group({ contributionAmount: Money.ofCentimes(c), onTimeRate: rate }), { budget: Money.ofCentimes(b), frequency: 'daily' });
        return score >= 0 && score <= 1;
      }),
    );
  });

  it('budget fit: best at the budget, never above an affordable group once twice the budget', () => {
    expect(budgetFit(Money.ofFrancs(5000), Money.ofFrancs(5000))).toBe(1);
    expect(budgetFit(Money.ofFrancs(10_000), Money.ofFrancs(5000))).toBe(0);
    expect(budgetFit(Money.ofFrancs(1), Money.ofFrancs(5000))).toBeGreaterThan(0.5);
    expect(budgetFit(Money.ofFrancs(7500), Money.ofFrancs(5000))).toBeLessThan(budgetFit(Money.ofFrancs(2500), Money.ofFrancs(5000)));
  });

  it('unknowns are neutral, and a matching frequency, free spots and punctuality raise the score', () => {
    const none = { budget: null, frequency: null };
    expect(matchScore(group({ members: 10 }), none)).toBe(0.4);
    expect(matchScore(group(), { budget: null, frequency: 'weekly' })).toBeGreaterThan(matchScore(group(), { budget: null, frequency: 'monthly' }));
    expect(matchScore(group({ members: 1 }), none)).toBeGreaterThan(matchScore(group({ members: 9 }), none));
    expect(matchScore(group({ onTimeRate: 100 }), none)).toBeGreaterThan(matchScore(group({ onTimeRate: 40 }), none));
  });
});

describe('the reason given for a recommendation', () => {
  const candidate = { contributionAmount: Money.ofFrancs(2000), frequency: 'weekly' as const, maxMembers: 10, members: 1, onTimeRate: null };
  it('names spots, rhythm, budget and record', () => {
    expect(recommendationReason(candidate, { budget: Money.ofFrancs(2500), frequency: null })).toBe('9 of 10 spots left · 2,000 RWF weekly · within your budget of 2,500 RWF · new group');
    expect(recommendationReason({ ...candidate, onTimeRate: 80 }, { budget: Money.ofFrancs(1000), frequency: null })).toBe('9 of 10 spots left · 2,000 RWF weekly · above your budget of 1,000 RWF · 80% of contributions paid on time');
    expect(recommendationReason(candidate, { budget: null, frequency: null })).toBe('9 of 10 spots left · 2,000 RWF weekly · new group');
  });
});
