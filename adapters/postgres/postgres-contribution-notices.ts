/**
 * The notices already sent about contributions (reminders by offset, the overdue notice), and
 * the pending contributions that may need one.
 *
 * Guarantees
 * - `pendingInActiveTontines` reads only contributions still pending, of tontines that are
 *   running (not forming, completed or cancelled), within the asked due dates.
 * - `recordOnce` inserts (contribution, kind) or finds it there, in the caller's transaction, and
 *   says which: of two replicas racing to send the same notice, the second waits on the first's
 *   row and learns it is not new, so the notice is written to the outbox once.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Contribution } from '../../core/contributions/contribution.ts';
import type { ContributionNoticeKind, ContributionNotices, PendingContribution } from '../../core/contributions/ports.ts';
import { reminderKey, type ReminderOffset } from '../../core/contributions/contribution-reminders.ts';
import { Money } from '../../core/money/money.ts';
import { formatDate, parseDate, type LocalDate } from '../../core/shared/calendar.ts';
import { invariant } from '../../core/shared/result.ts';

export class PostgresContributionNotices implements ContributionNotices {
  constructor(private readonly em: EntityManager) {}

  /** Pending contributions of active tontines due between the two days (inclusive), by due date. */
  async pendingInActiveTontines(dueFrom: LocalDate, dueTo: LocalDate): Promise<PendingContribution[]> {
    const rows = await this.em.execute<{ id: string; tontine_id: string; member_id: string; cycle: number; amount_centimes: string; due_date: string; fine_of: string | null; name: string }[]>(
      `select c.id, c.tontine_id, c.member_id, c.cycle, c.amount_centimes::text as amount_centimes, c.due_date::text as due_date, c.fine_of, t.name
       from contributions c join tontines t on t.id = c.tontine_id
       where c.status = 'pending' and t.status = 'active' and c.due_date between ?::date and ?::date
       order by c.due_date, c.id`,
      [formatDate(dueFrom), formatDate(dueTo)],
    );
    return rows.map((row) => {
      const dueDate = parseDate(row.due_date);
      invariant(dueDate, `contribution ${row.id} has due date ${row.due_date}`);
      const contribution = Contribution.schedule({
        id: row.id,
        tontineId: row.tontine_id,
        memberId: row.member_id,
        cycle: row.cycle,
        amount: Money.ofCentimes(Number(row.amount_centimes)),
        dueDate,
        fineOf: row.fine_of,
      });
      return { contribution, tontineName: row.name };
    });
  }

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
      `select contribution_id, kind from contribution_notices where contribution_id in (?) and kind <> 'overdue'`,
      [contributionIds],
    );
    return new Set(rows.map((r) => reminderKey(r.contribution_id, r.kind as ReminderOffset)));
  }

  /** Contributions among these whose overdue notice was sent. */
  async overdueNoticed(contributionIds: readonly string[]): Promise<Set<string>> {
    if (contributionIds.length === 0) return new Set();
    const rows = await this.em.execute<{ contribution_id: string }[]>(
      `select contribution_id from contribution_notices where contribution_id in (?) and kind = 'overdue'`,
      [contributionIds],
    );
    return new Set(rows.map((r) => r.contribution_id));
  }
}
