/**
 * ListMemberContributions: a member sees every contribution they owe or paid, in every group.
 *
 * Guarantees
 * - Their own contributions only, earliest due first, each with its group's name and its status
 *   at the time of the request (overdue as the core defines it).
 */
import type { TontineRepository } from '../tontines/ports.ts';
import type { Clock } from '../shared/clock.ts';
import type { Contribution, ContributionView } from './contribution.ts';
import type { ContributionRepository } from './ports.ts';

export interface ListMemberContributionsDeps {
  contributions: Pick<ContributionRepository, 'listByMember'>;
  tontines: Pick<TontineRepository, 'listByMember'>;
  clock: Clock;
}

export interface ListMemberContributionsInput {
  userId: string;
}

export interface MemberContributionEntry {
  contribution: Contribution;
  /** Empty when the member left the group. */
  tontineName: string;
  status: ContributionView;
}

export class ListMemberContributions {
  constructor(private readonly deps: ListMemberContributionsDeps) {}

  async execute(input: ListMemberContributionsInput): Promise<MemberContributionEntry[]> {
    const contributions = await this.deps.contributions.listByMember(input.userId);
    const names = new Map((await this.deps.tontines.listByMember(input.userId)).map((t) => [t.id, t.name]));
    const now = this.deps.clock.now();
    return contributions.map((contribution) => ({ contribution, tontineName: names.get(contribution.tontineId) ?? '', status: contribution.viewAt(now) }));
  }
}
