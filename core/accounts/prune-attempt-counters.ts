/**
 * PruneAttemptCounters: forget the attempt counters of rate-limit windows older than a day, and
 * the sign-in throttle's keys without a failure for a day (every throttle policy forgets sooner,
 * so nothing a rule still reads is dropped).
 */
import type { Clock } from '../shared/clock.ts';
import type { ExpiringCounters } from './ports.ts';

const KEEP_MS = 86_400_000;

export interface PruneAttemptCountersDeps {
  rateLimits: ExpiringCounters;
  signInThrottle: ExpiringCounters;
  clock: Clock;
}

export class PruneAttemptCounters {
  constructor(private readonly deps: PruneAttemptCountersDeps) {}

  async execute(): Promise<{ pruned: number; throttleKeysPruned: number }> {
    const { rateLimits, signInThrottle, clock } = this.deps;
    const before = new Date(clock.now().getTime() - KEEP_MS);
    return { pruned: await rateLimits.prune(before), throttleKeysPruned: await signInThrottle.prune(before) };
  }
}
