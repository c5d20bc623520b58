/**
 * ListTontineContributions: a member sees every contribution of their group.
 *
 * Guarantees
 * - For the group's members only (`not_a_member`); someone else's personal savings is
 *   `tontine_not_found` (core/tontines/tontine-access.ts).
 * - In cycle order, each with its member's full name (the reader is a member) and its status at
 *   the time of the request.
 */
import type { Clock } from '../shared/clock.ts';
import { ok, type Result } from '../shared/result.ts';
import { fullName } from '../tontines/member-names.ts';
import type { MemberProfiles, TontineRepository } from '../tontines/ports.ts';
import { memberTontine, type TontineAccessError } from '../tontines/tontine-access.ts';
import type { Contribution, ContributionView } from './contribution.ts';
import type { ContributionRepository } from './ports.ts';

export interface ListTontineContributionsDeps {
  tontines: Pick<TontineRepository, 'get'>;
  contributions: Pick<ContributionRepository, 'listByTontine'>;
  profiles: MemberProfiles;
  clock: Clock;
}

export interface ListTontineContributionsInput {
  tontineId: string;
  userId: string;
}

export interface TontineContributionEntry {
  contribution: Contribution;
  memberName: string;
  status: ContributionView;
}

export class ListTontineContributions {
  constructor(private readonly deps: ListTontineContributionsDeps) {}

  async execute(input: ListTontineContributionsInput): Promise<Result<TontineContributionEntry[], TontineAccessError>> {
    const member = memberTontine(await this.deps.tontines.get(input.tontineId), input.userId);
    if (!member.ok) return member;
    const tontine = member.value;
    const contributions = await this.deps.contributions.listByTontine(tontine.id);
    const profiles = await this.deps.profiles.profiles(tontine.members.map((m) => m.userId));
    const now = this.deps.clock.now();
    return ok(contributions.map((contribution) => ({ contribution, memberName: fullName(profiles.get(contribution.memberId)), status: contribution.viewAt(now) })));
  }
}
