/**
 * DescribeTontines: what a viewer reads about groups on every screen that lists or shows them —
 * the group, its members' profiles, its pool balance and the viewer's next contribution in it.
 *
 * Guarantees
 * - One read each for the profiles, the pool balances and the viewer's contributions, however
 *   many groups (a list of 200 costs three reads).
 * - The viewer's next contribution is their earliest-due unpaid one in the group (then the lowest
 *   cycle), overdue as the core defines it at the time of the request.
 * - A forming group carries its outlook (forming-outlook.ts) with today's date in Kigali.
 * - It shows what it is given: callers pass only groups the viewer may see (tontine-access.ts).
 */
import type { Contribution } from '../contributions/contribution.ts';
import type { ContributionRepository } from '../contributions/ports.ts';
import { Money } from '../money/money.ts';
import { compareDates, kigaliDateOf } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import { formingOutlook, type FormingOutlook } from './forming-outlook.ts';
import type { MemberProfile, MemberProfiles, PoolBalances } from './ports.ts';
import type { Tontine } from './tontine.ts';

export interface DescribeTontinesDeps {
  profiles: MemberProfiles;
  balances: PoolBalances;
  contributions: Pick<ContributionRepository, 'listByMember'>;
  clock: Clock;
}

export interface DescribeTontinesInput {
  tontines: readonly Tontine[];
  /** Null when signed out. */
  viewerId: string | null;
}

export interface TontineOverview {
  tontine: Tontine;
  viewerId: string | null;
  /** The profiles of its members, by user id. */
  profiles: ReadonlyMap<string, MemberProfile>;
  poolBalance: Money;
  viewerNextContribution: { contribution: Contribution; overdue: boolean } | null;
  /** While forming: seats left, who starts it, the first dues if it started today (forming-outlook.ts). */
  forming: FormingOutlook | null;
}

export class DescribeTontines {
  constructor(private readonly deps: DescribeTontinesDeps) {}

  async execute(input: DescribeTontinesInput): Promise<TontineOverview[]> {
    const { profiles, balances, contributions, clock } = this.deps;
    const { tontines, viewerId } = input;
    const profileById = await profiles.profiles(tontines.flatMap((t) => t.members.map((m) => m.userId)));
    const balanceById = await balances.poolBalances(tontines.map((t) => t.id));
    const mine = viewerId ? await contributions.listByMember(viewerId) : [];
    const now = clock.now();
    return tontines.map((tontine) => {
      const next = mine
        .filter((c) => c.tontineId === tontine.id && !c.isCompleted)
        .sort((a, b) => compareDates(a.dueDate, b.dueDate) || a.cycle - b.cycle)[0];
      return {
        tontine,
        viewerId,
        profiles: profileById,
        poolBalance: balanceById.get(tontine.id) ?? Money.ZERO,
        viewerNextContribution: next ? { contribution: next, overdue: next.isOverdueAt(now) } : null,
        forming: formingOutlook(tontine, kigaliDateOf(now)),
      };
    });
  }
}
