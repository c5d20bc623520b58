/**
 * PostgresLateContributions: the contributions a late fine is due on (core/tontines/ports.ts
 * LateContributions), read from `contributions` and the groups' `late_fine` rule
 * (Migration20261128500000).
 *
 * Guarantees
 * - `dueForFine` reads only pending contributions that are no fine and have none, of active
 *   groups with a rule, whose grace (due date + graceDays) ended before today and on or after the
 *   rule's `since`; oldest due first. The core checks each again under its lock.
 * - `isFined` is a plain read: asked under the contribution's row lock, it sees a fine another
 *   transaction committed before that lock was granted.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Contribution } from '../../core/contributions/contribution.ts';
import { Money } from '../../core/money/money.ts';
import { formatDate, parseDate, type LocalDate } from '../../core/shared/calendar.ts';
import { invariant } from '../../core/shared/result.ts';
import type { GroupLateFine, LateFineRule } from '../../core/tontines/late-fine.ts';
import type { LateContribution, LateContributions } from '../../core/tontines/ports.ts';
import { runPrepared } from './prepared-statements.ts';

interface LateRow {
  id: string;
  tontine_id: string;
  member_id: string;
  cycle: number;
  amount_centimes: string;
  due_date: string;
  late_fine: LateFineRule & { since: string };
  name: string;
}

const DUE_FOR_FINE = `
select c.id, c.tontine_id, c.member_id, c.cycle, c.amount_centimes::text as amount_centimes, c.due_date::text as due_date, t.late_fine, t.name
from contributions c join tontines t on t.id = c.tontine_id
where t.status = 'active' and t.late_fine is not null
  and c.status = 'pending' and c.fine_of is null
  and c.due_date + (t.late_fine->>'graceDays')::int < $1::date
  and c.due_date + (t.late_fine->>'graceDays')::int >= (t.late_fine->>'since')::date
  and not exists (select 1 from contributions f where f.fine_of = c.id)
order by c.due_date, c.id
limit $2`;

export class PostgresLateContributions implements LateContributions {
  constructor(private readonly em: EntityManager) {}

  async dueForFine(today: LocalDate, limit: number): Promise<LateContribution[]> {
    const rows = await runPrepared<LateRow>(this.em, DUE_FOR_FINE, [formatDate(today), limit]);
    return rows.map((row) => {
      const dueDate = parseDate(row.due_date);
      const since = parseDate(row.late_fine.since);
      invariant(dueDate && since, `contribution ${row.id}: due ${row.due_date}, rule since ${row.late_fine.since}`);
      const rule: GroupLateFine = { kind: row.late_fine.kind, value: row.late_fine.value, graceDays: row.late_fine.graceDays, since };
      const contribution = Contribution.schedule({
        id: row.id,
        tontineId: row.tontine_id,
        memberId: row.member_id,
        cycle: row.cycle,
        amount: Money.ofCentimes(Number(row.amount_centimes)),
        dueDate,
      });
      return { contribution, rule, tontineName: row.name };
    });
  }

  async isFined(contributionId: string): Promise<boolean> {
    const rows = await this.em.execute<{ found: number }[]>(`select 1 as found from contributions where fine_of = ? limit 1`, [contributionId]);
    return rows.length > 0;
  }
}
