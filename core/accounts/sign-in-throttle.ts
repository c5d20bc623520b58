/**
 * Progressive slowing of password guesses, per account and per client, instead of a lock-out.
 *
 * Each attempt is counted before the password is checked (so concurrent guesses cannot all slip
 * through one free slot) and a success takes the count back. After `freeFailures` failures in a
 * row, the next attempt must wait `baseDelaySeconds`, then twice that after each further failure,
 * up to `maxDelaySeconds`; a key forgets its failures after `forgetAfterSeconds` without one.
 *
 * Guarantees
 * - An attempt refused for waiting is not counted against the account and moves none of its
 *   clock: hammering an account does not make its wait longer, so the owner coming after the
 *   wait gets the next attempt. The per-account wait is capped at ACCOUNT_THROTTLE.maxDelaySeconds
 *   (60 s): a stranger's failures cannot keep the owner out for longer than that at a time, while
 *   an account still takes at most about 60 guesses an hour from anywhere (ASVS 2.2.1: at most 100).
 * - A refused attempt does count against its client, and so does every failure: the client that
 *   fails or hammers is the one slowed down, to minutes, whichever accounts it tries, and a
 *   stranger hammering one account from one client soon gets none of its attempts. A success
 *   from a client only takes back its own attempt.
 * - The counts live in the database (ThrottleStore), shared by every replica; reading, deciding
 *   and counting happen under the keys' row locks in one unit of work.
 */
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { rateLimited, type RateLimited } from '../shared/result.ts';
import type { ThrottleStore } from './ports.ts';

export interface ThrottlePolicy {
  freeFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
}

export const ACCOUNT_THROTTLE: ThrottlePolicy = { freeFailures: 5, baseDelaySeconds: 2, maxDelaySeconds: 60, forgetAfterSeconds: 15 * 60 };
/** Generous before slowing: many members share one carrier-grade NAT address on mobile data. */
export const CLIENT_THROTTLE: ThrottlePolicy = { freeFailures: 20, baseDelaySeconds: 2, maxDelaySeconds: 300, forgetAfterSeconds: 60 * 60 };

/** Failed (or pending) attempts in a row and when the last one began. */
export interface FailureCount {
  failures: number;
  lastFailureAt: Date | null;
}

export const NO_FAILURES: FailureCount = { failures: 0, lastFailureAt: null };

/** The wait imposed after `failures` failures in a row. */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.maxDelaySeconds, policy.baseDelaySeconds * 2 ** doublings);
}

/** The count as it stands at `now`: forgotten after a quiet `forgetAfterSeconds`. */
export function currentCount(count: FailureCount, now: Date, policy: ThrottlePolicy): FailureCount {
  if (count.lastFailureAt === null || count.failures === 0) return NO_FAILURES;
  const quietMs = now.getTime() - count.lastFailureAt.getTime();
  return quietMs >= policy.forgetAfterSeconds * 1000 ? NO_FAILURES : count;
}

/** Whole seconds to wait before the next attempt; 0 when it may go on. */
export function waitSeconds(count: FailureCount, now: Date, policy: ThrottlePolicy): number {
  const current = currentCount(count, now, policy);
  if (current.lastFailureAt === null) return 0;
  const readyAt = current.lastFailureAt.getTime() + delayAfter(current.failures, policy) * 1000;
  return readyAt > now.getTime() ? Math.ceil((readyAt - now.getTime()) / 1000) : 0;
}

/** The count once an allowed attempt begins (counted as a failure until it succeeds). */
export function afterAttempt(count: FailureCount, now: Date, policy: ThrottlePolicy): FailureCount {
  return { failures: currentCount(count, now, policy).failures + 1, lastFailureAt: now };
}

/** A client's count after one of its attempts succeeded: that attempt taken back, no more. */
export function afterClientSuccess(count: FailureCount): FailureCount {
  const failures = Math.max(0, count.failures - 1);
  return failures === 0 ? NO_FAILURES : { failures, lastFailureAt: count.lastFailureAt };
}

export interface ThrottlePolicies {
  account: ThrottlePolicy;
  client: ThrottlePolicy;
}

export interface SignInThrottleDeps {
  store: ThrottleStore;
  uow: UnitOfWork;
  clock: Clock;
  /** ACCOUNT_THROTTLE and CLIENT_THROTTLE when not given. */
  policies?: ThrottlePolicies;
}

export class SignInThrottle {
  private readonly policies: ThrottlePolicies;

  constructor(private readonly deps: SignInThrottleDeps) {
    this.policies = deps.policies ?? { account: ACCOUNT_THROTTLE, client: CLIENT_THROTTLE };
  }

  /**
   * Counts an attempt on `account` (a normalised e-mail address) from `client` (its address), or
   * refuses it with the seconds to wait. Null: check the password, then call `succeeded` if right.
   */
  async begin(account: string, client: string): Promise<RateLimited | null> {
    const keys = keysOf(account, client);
    const { store, uow, clock } = this.deps;
    return uow.run(async () => {
      const now = clock.now();
      const [byAccount = NO_FAILURES, byClient = NO_FAILURES] = await store.lock(keys);
      const wait = Math.max(waitSeconds(byAccount, now, this.policies.account), waitSeconds(byClient, now, this.policies.client));
      if (wait > 0) {
        await store.save(keys[1], afterAttempt(byClient, now, this.policies.client));
        return rateLimited(wait);
      }
      await store.save(keys[0], afterAttempt(byAccount, now, this.policies.account));
      await store.save(keys[1], afterAttempt(byClient, now, this.policies.client));
      return null;
    });
  }

  /** The password was right: the account starts afresh, the client gets its attempt back. */
  async succeeded(account: string, client: string): Promise<void> {
    const keys = keysOf(account, client);
    const { store, uow } = this.deps;
    await uow.run(async () => {
      const [, byClient = NO_FAILURES] = await store.lock(keys);
      await store.save(keys[0], NO_FAILURES);
      await store.save(keys[1], afterClientSuccess(byClient));
    });
  }
}

function keysOf(account: string, client: string): [string, string] {
  return [`account:${account}`, `client:${client}`];
}
