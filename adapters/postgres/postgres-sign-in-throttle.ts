/**
 * The sign-in throttle's failure counts in PostgreSQL (`sign_in_failures`), one row per key.
 *
 * Guarantees
 * - `lock` creates missing rows and locks every asked row (FOR UPDATE) in key order, inside the
 *   caller's unit of work: concurrent attempts on one key, on any replica, are decided one after
 *   the other, and two attempts sharing keys never deadlock.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExpiringCounters, ThrottleStore } from '../../core/accounts/ports.ts';
import type { FailureCount } from '../../core/accounts/sign-in-throttle.ts';
import { sqlArray } from './sql-array.ts';

export class PostgresSignInThrottle implements ThrottleStore, ExpiringCounters {
  constructor(private readonly em: EntityManager) {}

  async lock(keys: readonly string[]): Promise<FailureCount[]> {
    const sorted = sqlArray([...new Set(keys)].sort());
    await this.em.execute(
      `insert into sign_in_failures (key, failures, last_failure_at) select k, 0, null from unnest(?::text[]) as k order by k on conflict (key) do nothing`,
      [sorted],
    );
    const rows = await this.em.execute<{ key: string; failures: number; last_failure_at: Date | string | null }[]>(
      'select key, failures, last_failure_at from sign_in_failures where key = any(?::text[]) order by key for update',
      [sorted],
    );
    const byKey = new Map(rows.map((r) => [r.key, { failures: Number(r.failures), lastFailureAt: r.last_failure_at === null ? null : new Date(r.last_failure_at) }]));
    return keys.map((key) => byKey.get(key) ?? { failures: 0, lastFailureAt: null });
  }

  async save(key: string, count: FailureCount): Promise<void> {
    await this.em.execute('update sign_in_failures set failures = ?, last_failure_at = ? where key = ?', [count.failures, count.lastFailureAt, key]);
  }

  /** Drops the keys without a failure since `before` (every policy has forgotten them by then). */
  async prune(before: Date): Promise<number> {
    const result = await this.em.execute<{ affectedRows: number }>(
      'delete from sign_in_failures where last_failure_at is null or last_failure_at < ?',
      [before],
      'run',
    );
    return result.affectedRows;
  }
}
