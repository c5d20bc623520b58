import { describe, expect, it } from 'vitest';
import { agentRecommendations } from './agent-dashboard-figures.ts';

describe('agent dashboard figures', () => {
  it('recommends onboarding a first merchant to an agent without any', () => {
    expect(agentRecommendations(0, [])).toEqual([{ key: 'recommendFirst' }]);
  });

  it('counts merchants awaiting verification and suspended ones, and nothing when all are active', () => {
    const merchants = [{ merchantStatus: 'pending' }, { merchantStatus: 'pending' }, { merchantStatus: 'suspended' }, { merchantStatus: 'active' }];
    expect(agentRecommendations(4, merchants)).toEqual([
      { key: 'recommendAwaiting', count: 2 },
      { key: 'recommendSuspended', count: 1 },
    ]);
    expect(agentRecommendations(1, [{ merchantStatus: 'active' }])).toEqual([]);
  });
});
