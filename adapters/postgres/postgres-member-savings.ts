/**
 * PostgresMemberSavings: a member's groups, contributions and their payout recipients' first names
 * in one statement (core/contributions/ports.ts, MemberSavingsReads), for the USSD menu, which
 * reads them on most screens: one round trip instead of three (groups, contributions, names).
 *
 * Guarantees
 * - The groups and contributions are those the repositories' reads answer (the same selects,
 *   hydrated by the same functions), as of one snapshot; no row is locked.
 * - The names are those of every member in the payout orders of the member's active groups, where
 *   each group's next recipient is (Tontine.nextRecipient).
 * - An id that is not a UUID has no savings (never a database error).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MemberSavings, MemberSavingsReads } from '../../core/contributions/ports.ts';
import { SELECT_CONTRIBUTION_WITH_ATTEMPTS, withAttempts, type ContributionWithAttemptsRow } from './mikro-orm-contribution-repository.ts';
import { SELECT_TONTINE, tontinesOf, UUID_PATTERN, type TontineDbRow } from './mikro-orm-tontine-repository.ts';
import { runPrepared } from './prepared-statements.ts';

/**
 * The savings of the member whose id is `userId` (a SQL expression: a parameter, or a column of
 * an outer query, in which case it is a LATERAL subquery) as one row of three JSON columns:
 * tontines, contributions, fines (late fines still owed), first_names. Ordered as TontineRepository.listByMember and
 * ContributionRepository.listByMember order them.
 */
export function savingsQuery(userId: string): string {
  return `with groups as (${SELECT_TONTINE} where id in (select tontine_id from tontine_members where user_id = ${userId}))
  select
    (select coalesce(json_agg(g order by g.created_at desc, g.id), '[]') from groups g) as tontines,
    (select coalesce(json_agg(c order by c.due_date, c.cycle, c.id), '[]') from (${SELECT_CONTRIBUTION_WITH_ATTEMPTS} where member_id = ${userId} and fine_of is null) c) as contributions,
    (select coalesce(json_agg(f order by f.due_date, f.id), '[]') from (${SELECT_CONTRIBUTION_WITH_ATTEMPTS} where member_id = ${userId} and fine_of is not null and status = 'pending') f) as fines,
    (select coalesce(json_object_agg(u.id, u.first_name), '{}') from users u
      where u.id in (select (jsonb_array_elements_text(g.rotation -> 'payoutOrder'))::uuid from groups g where g.status = 'active')) as first_names`;
}
const SAVINGS_OF = savingsQuery('$1');

/** A row of `savingsQuery`. */
export interface SavingsRow {
  tontines: TontineDbRow[];
  contributions: ContributionWithAttemptsRow[];
  fines: ContributionWithAttemptsRow[];
  first_names: Record<string, string>;
}

/** The savings a row of `savingsQuery` holds (none: no row). */
export function memberSavingsOf(row: SavingsRow | undefined): MemberSavings {
  return {
    tontines: tontinesOf(row?.tontines ?? []),
    contributions: withAttempts(row?.contributions ?? []),
    fines: withAttempts(row?.fines ?? []),
    firstNames: new Map(Object.entries(row?.first_names ?? {})),
  };
}

export class PostgresMemberSavings implements MemberSavingsReads {
  constructor(private readonly em: EntityManager) {}

  async savingsOf(userId: string): Promise<MemberSavings> {
    if (!UUID_PATTERN.test(userId)) return { tontines: [], contributions: [], fines: [], firstNames: new Map() };
    // Prepared: most USSD steps of a registered member run it.
    const [row] = await runPrepared<SavingsRow>(this.em, SAVINGS_OF, [userId]);
    return memberSavingsOf(row);
  }
}
