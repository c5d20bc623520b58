/**
 * The notices already sent about contributions (reminders by offset, the overdue notice).
 *
 * Guarantees
 * - `recordOnce` inserts (contribution, kind) or finds it there, in the caller's transaction, and
 *   says which: of two replicas racing to send the same notice, the second waits on the first's
 *   row and learns it is not new, so the notice is written to the outbox once.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { reminderKey, type ReminderOffset } from '../../core/contributions/contribution-reminders.ts';
import type { ContributionNoticeKind } from './contribution-notice-schema.ts';

export class PostgresContributionNotices {
  constructor(private readonly em: EntityManager) {}

  /** True when this call recorded it (send the notice now); false when it was sent before. */
  async recordOnce(contributionId: string, kind: ContributionNoticeKind, at: Date): Promise<boolean> {
    const rows = await this.em.execute<{ kind: string }[]>(
      `insert into contribution_notices (contribution_id, kind, sent_at) values (?, ?, ?)
       on conflict (contribution_id, kind) do nothing returning kind`,
      [contributionId, kind, at],
    );
    return rows.length === 1;
  }

  /** The reminder keys (`reminderKey`) already sent for these contributions, for `dueReminders`. */
  async sentReminderKeys(contributionIds: readonly string[]): Promise<Set<string>> {
    if (contributionIds.length === 0) return new Set();
    const rows = await this.em.execute<{ contribution_id: string; kind: string }[]>(
      `select contribution_id, kind from contribution_notices where contribution_id = any(?) and kind <> 'overdue'`,
      [contributionIds],
    );
    return new Set(rows.map((r) => reminderKey(r.contribution_id, r.kind as ReminderOffset)));
  }

  /** Contributions among these whose overdue notice was sent. */
  async overdueNoticed(contributionIds: readonly string[]): Promise<Set<string>> {
    if (contributionIds.length === 0) return new Set();
    const rows = await this.em.execute<{ contribution_id: string }[]>(
      `select contribution_id from contribution_notices where contribution_id = any(?) and kind = 'overdue'`,
      [contributionIds],
    );
    return new Set(rows.map((r) => r.contribution_id));
  }
}
