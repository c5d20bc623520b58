/**
 * PostgresMonthlyStatements: the monthly statements sent (`tontine_monthly_statements`,
 * Migration20261128541000) and the groups still awaiting one.
 *
 * Guarantees
 * - `groupsAwaiting` reads active groups with more than one seat (personal savings have one) whose
 *   rotation started before the given day and that have no row for the month.
 * - `recordOnce` inserts (group, month) or finds it there, in the caller's transaction: of two
 *   replicas racing, the second waits on the first's row and learns it is not new.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { formatDate, type LocalDate } from '../../core/shared/calendar.ts';
import type { MonthlyStatements } from '../../core/tontines/ports.ts';

export class PostgresMonthlyStatements implements MonthlyStatements {
  constructor(private readonly em: EntityManager) {}

  async groupsAwaiting(month: string, startedBefore: LocalDate, limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select t.id from tontines t
        where t.status = 'active' and t.max_members > 1 and t.start_date < ?::date
          and not exists (select 1 from tontine_monthly_statements s where s.tontine_id = t.id and s.month = ?)
        order by t.id limit ?`,
      [formatDate(startedBefore), month, limit],
    );
    return rows.map((r) => r.id);
  }

  async recordOnce(tontineId: string, month: string, at: Date): Promise<boolean> {
    const rows = await this.em.execute<{ month: string }[]>(
      `insert into tontine_monthly_statements (tontine_id, month, sent_at) values (?, ?, ?) on conflict (tontine_id, month) do nothing returning month`,
      [tontineId, month, at],
    );
    return rows.length === 1;
  }
}
