/**
 * Attempt limits for registration, sign-in-link and password-reset requests (password guesses are
 * slowed by SignInThrottle instead).
 *
 * Guarantees
 * - Every attempt counts against both its e-mail address and its client IP, in fixed windows
 *   shared by every replica (the counters live in the database).
 * - An attempt over either limit is refused with `rate_limited` and the seconds until the
 *   window that refused it ends; the refused attempt still counts, so hammering does not help.
 */
import type { Clock } from '../shared/clock.ts';
import { rateLimited, type RateLimited } from '../shared/result.ts';
import type { RateLimiter } from './ports.ts';

export type AttemptAction = 'register' | 'sign_in_link' | 'password_reset';

export interface AttemptLimitPolicy {
  perAddress: number;
  perIp: number;
  windowSeconds: number;
}

export interface AttemptLimitsDeps {
  limiter: RateLimiter;
  policy: AttemptLimitPolicy;
  clock: Clock;
}

export class AttemptLimits {
  constructor(private readonly deps: AttemptLimitsDeps) {}

  /** Null when the attempt may go on. `email` must already be normalised. */
  async check(action: AttemptAction, email: string, ip: string): Promise<RateLimited | null> {
    const { limiter, policy, clock } = this.deps;
    const now = clock.now();
    const { windowSeconds } = policy;
    const byAddress = await limiter.hit(`${action}:address:${email}`, windowSeconds, now);
    const byIp = await limiter.hit(`${action}:ip:${ip}`, windowSeconds, now);
    const waits: number[] = [];
    if (byAddress.count > policy.perAddress) waits.push(byAddress.resetInSeconds);
    if (byIp.count > policy.perIp) waits.push(byIp.resetInSeconds);
    if (waits.length === 0) return null;
    return rateLimited(Math.max(...waits));
  }
}
