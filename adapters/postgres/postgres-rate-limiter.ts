/**
 * Fixed-window rate limiting with the counters in PostgreSQL.
 *
 * Guarantees
 * - One atomic INSERT … ON CONFLICT … RETURNING per attempt: concurrent attempts on any number of
 *   replicas each see a distinct count, none is lost.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExpiringCounters, RateLimitHit, RateLimiter } from '../../core/accounts/ports.ts';

export class PostgresRateLimiter implements RateLimiter, ExpiringCounters {
  constructor(private readonly em: EntityManager) {}

  async hit(key: string, windowSeconds: number, now: Date): Promise<RateLimitHit> {
    const windowMs = windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const rows = await this.em.execute<{ hits: number }[]>(
      `insert into rate_limit_windows (key, window_start, hits) values (?, ?, 1)
       on conflict (key, window_start) do update set hits = rate_limit_windows.hits + 1
       returning hits`,
      [key, windowStart],
    );
    const count = Number(rows[0]?.hits);
    const resetInSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
    return { count, resetInSeconds };
  }

  /** Drops the counters of windows that started before `before`. */
  async prune(before: Date): Promise<number> {
    const result = await this.em.execute<{ affectedRows: number }>('delete from rate_limit_windows where window_start < ?', [before], 'run');
    return result.affectedRows;
  }
}
