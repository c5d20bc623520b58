import { describe, expect, it } from 'vitest';
import { recentActivity } from './recent-activity.ts';

describe('recent activity', () => {
  it('merges the first 2 tontines and the first 2 loans, newest first', () => {
    const tontines = [{ name: 'A', createdAt: '2025-03-01T00:00:00Z' }, { name: 'B', createdAt: '2025-05-01T00:00:00Z' }, { name: 'C', createdAt: '2025-09-01T00:00:00Z' }];
    const loans = [{ purpose: 'L1', appliedAt: '2025-04-01T00:00:00Z' }, { purpose: 'L2', appliedAt: '2025-06-01T00:00:00Z' }, { purpose: 'L3', appliedAt: '2025-10-01T00:00:00Z' }];
    const items = recentActivity(tontines, loans);
    expect(items.map((i) => (i.kind === 'tontine' ? i.item.name : i.item.purpose))).toEqual(['L2', 'B', 'L1', 'A']);
  });

  it('puts an item without a readable date last', () => {
    const items = recentActivity([{ createdAt: null }, { createdAt: '2025-01-01T00:00:00Z' }], []);
    expect(items.map((i) => i.at)).toEqual(['2025-01-01T00:00:00Z', null]);
  });
});
