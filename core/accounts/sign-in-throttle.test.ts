import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountsWorld } from './accounts.fixtures.ts';
import {
  ACCOUNT_THROTTLE,
  afterAttempt,
  afterClientSuccess,
  CLIENT_THROTTLE,
  delayAfter,
  NO_FAILURES,
  SignInThrottle,
  waitSeconds,
  type FailureCount,
  type ThrottlePolicy,
} from './sign-in-throttle.ts';

const policies = fc.record({
  freeFailures: fc.integer({ min: 0, max: 30 }),
  baseDelaySeconds: fc.integer({ min: 1, max: 60 }),
  maxDelaySeconds: fc.integer({ min: 1, max: 3600 }),
  forgetAfterSeconds: fc.integer({ min: 1, max: 86_400 }),
});
const T0 = new Date('2026-11-23T06:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe('delayAfter: the wait a run of failures imposes', () => {
  it('is 0 before freeFailures, never above the cap, never decreasing, and doubles until the cap', () => {
    fc.assert(
      fc.property(policies, fc.integer({ min: 0, max: 200 }), (policy, failures) => {
        const delay = delayAfter(failures, policy);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(policy.maxDelaySeconds);
        expect(delayAfter(failures + 1, policy)).toBeGreaterThanOrEqual(delay);
        if (failures < policy.freeFailures) expect(delay).toBe(0);
        else expect(delayAfter(failures + 1, policy)).toBe(Math.min(policy.maxDelaySeconds, delay * 2));
      }),
    );
  });

  it('gives the account 5 free failures, then 2, 4, 8, 16, 32 s and at most 60 s', () => {
    expect(Array.from({ length: 12 }, (_, n) => delayAfter(n, ACCOUNT_THROTTLE))).toEqual([0, 0, 0, 0, 0, 2, 4, 8, 16, 32, 60, 60]);
    expect(delayAfter(1000, CLIENT_THROTTLE)).toBe(300);
  });
});

/** Plays attempts at the given instants through the pure rules; answers the allowed ones. */
function play(policy: ThrottlePolicy, instants: number[]): { allowed: number[]; count: FailureCount } {
  let count = NO_FAILURES;
  const allowed: number[] = [];
  for (const second of instants) {
    if (waitSeconds(count, at(second), policy) > 0) continue;
    allowed.push(second);
    count = afterAttempt(count, at(second), policy);
  }
  return { allowed, count };
}

describe('waitSeconds and afterAttempt: an attacker’s failures', () => {
  const sortedInstants = fc.array(fc.integer({ min: 0, max: 7200 }), { maxLength: 300 }).map((a) => a.sort((x, y) => x - y));

  it('refused attempts never push the next allowed attempt later: the key opens at most maxDelay after its last counted failure', () => {
    fc.assert(
      fc.property(fc.constantFrom(ACCOUNT_THROTTLE, CLIENT_THROTTLE), sortedInstants, (policy, instants) => {
        const { count } = play(policy, instants);
        if (count.lastFailureAt === null) return;
        const last = (count.lastFailureAt.getTime() - T0.getTime()) / 1000;
        expect(waitSeconds(count, at(last + policy.maxDelaySeconds), policy)).toBe(0);
      }),
    );
  });

  it('lets through no more than the free failures plus one per elapsed delay: fewer than 70 guesses an hour on an account', () => {
    const everySecond = Array.from({ length: 3600 }, (_, s) => s);
    const { allowed } = play(ACCOUNT_THROTTLE, everySecond);
    // 5 free, then after 2, 4, 8, 16 and 32 s, then one a minute: 68, under ASVS's 100 an hour.
    expect(allowed.length).toBe(68);
    expect(allowed.slice(0, 7)).toEqual([0, 1, 2, 3, 4, 6, 10]);
    fc.assert(
      fc.property(sortedInstants, (instants) => {
        expect(play(ACCOUNT_THROTTLE, instants.filter((s) => s < 3600)).allowed.length).toBeLessThanOrEqual(68);
      }),
    );
  });

  it('a key forgets its failures after a quiet forgetAfterSeconds', () => {
    fc.assert(
      fc.property(policies, fc.integer({ min: 1, max: 100 }), (policy, failures) => {
        const count = { failures, lastFailureAt: T0 };
        expect(waitSeconds(count, at(policy.forgetAfterSeconds), policy)).toBe(0);
        expect(afterAttempt(count, at(policy.forgetAfterSeconds), policy).failures).toBe(1);
      }),
    );
  });

  it('a client’s success takes back only its own attempt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (failures) => {
        const before = { failures, lastFailureAt: T0 };
        const after = afterClientSuccess(afterAttempt(before, T0, CLIENT_THROTTLE));
        expect(after.failures).toBe(failures);
      }),
    );
  });
});

describe('SignInThrottle over its store', () => {
  it('a stranger failing from one client: the owner, from another client, waits at most a minute', async () => {
    const w = accountsWorld();
    const throttle = new SignInThrottle({ store: w.throttleStore, uow: w.uow, clock: w.clock });
    let refusedOwner = 0;
    for (let i = 0; i < 200; i++) {
      await throttle.begin('amina@example.rw', '6.6.6.6');
      w.clock.advance(1000);
    }
    // The stranger's own client is now slowed by minutes, whatever account it tries.
    const strangerElsewhere = await throttle.begin('other@example.rw', '6.6.6.6');
    expect(strangerElsewhere).toMatchObject({ error: 'rate_limited' });
    expect((strangerElsewhere?.retryAfterSeconds ?? 0) > 60).toBe(true);
    for (;;) {
      const owner = await throttle.begin('amina@example.rw', '10.0.0.1');
      if (owner === null) break;
      expect(owner.retryAfterSeconds).toBeLessThanOrEqual(60);
      refusedOwner++;
      w.clock.advance(owner.retryAfterSeconds * 1000);
    }
    expect(refusedOwner).toBeLessThanOrEqual(1);
    await throttle.succeeded('amina@example.rw', '10.0.0.1');
    expect(w.throttleStore.counts.get('account:amina@example.rw')).toEqual(NO_FAILURES);
    expect(w.throttleStore.counts.get('client:10.0.0.1')).toEqual(NO_FAILURES);
  });

  it('answers a Retry-After that doubles with each counted failure', async () => {
    const w = accountsWorld();
    const throttle = new SignInThrottle({ store: w.throttleStore, uow: w.uow, clock: w.clock });
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const refused = await throttle.begin('x@example.rw', '1.1.1.1');
      if (refused) {
        waits.push(refused.retryAfterSeconds);
        w.clock.advance(refused.retryAfterSeconds * 1000);
        expect(await throttle.begin('x@example.rw', '1.1.1.1')).toBeNull();
      }
    }
    expect(waits).toEqual([2, 4, 8, 16, 32]);
  });
});
