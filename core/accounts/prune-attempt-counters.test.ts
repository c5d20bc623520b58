import { describe, expect, it } from 'vitest';
import { FixedClock } from '../shared/shared.fixtures.ts';
import { PruneAttemptCounters } from './prune-attempt-counters.ts';

describe('PruneAttemptCounters', () => {
  it('forgets the counters and throttle keys untouched for a day, nothing younger', async () => {
    const asked: string[] = [];
    const counters = (name: string, dropped: number) => ({ prune: async (before: Date) => (asked.push(`${name} ${before.toISOString()}`), dropped) });
    const prune = new PruneAttemptCounters({ rateLimits: counters('rate', 3), signInThrottle: counters('throttle', 1), clock: new FixedClock(new Date('2026-11-23T08:00:00Z')) });
    expect(await prune.execute()).toEqual({ pruned: 3, throttleKeysPruned: 1 });
    expect(asked).toEqual(['rate 2026-11-22T08:00:00.000Z', 'throttle 2026-11-22T08:00:00.000Z']);
  });
});
