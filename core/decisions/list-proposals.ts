/**
 * ListProposals: a member reads their group's proposals, open and closed, newest first, each with
 * its count, the member's own vote and who proposed it.
 *
 * Guarantees
 * - Members only (`not_a_member`); someone else's personal savings, or no group, is
 *   `tontine_not_found` (tontine-access.ts): a stranger reads nothing of a group's decisions.
 * - Only counts are shown, never who voted how (a member sees their own vote).
 * - The author is named in full (the reader is a member, member-names.ts).
 */
import { ok, type Result } from '../shared/result.ts';
import { fullName } from '../tontines/member-names.ts';
import type { MemberProfiles, TontineRepository } from '../tontines/ports.ts';
import { memberTontine, type TontineAccessError } from '../tontines/tontine-access.ts';
import type { ProposalRepository } from './ports.ts';
import type { Proposal, Tally, Vote } from './proposal.ts';
import { memberIdsOf } from './settle-proposal.ts';

/** The most proposals a list shows. */
export const PROPOSALS_SHOWN = 50;

export interface ProposalView {
  proposal: Proposal;
  authorName: string;
  tally: Tally;
  myVote: Vote | null;
}

export class ListProposals {
  constructor(private readonly deps: { tontines: Pick<TontineRepository, 'get'>; proposals: ProposalRepository; profiles: MemberProfiles }) {}

  async execute(input: { tontineId: string; userId: string }): Promise<Result<ProposalView[], TontineAccessError>> {
    const member = memberTontine(await this.deps.tontines.get(input.tontineId), input.userId);
    if (!member.ok) return member;
    const tontine = member.value;
    const listed = await this.deps.proposals.listByTontine(tontine.id, PROPOSALS_SHOWN);
    const profiles = listed.length > 0 ? await this.deps.profiles.profiles([...new Set(listed.map((p) => p.authorId))]) : new Map();
    const members = memberIdsOf(tontine);
    return ok(listed.map((proposal) => ({ proposal, authorName: fullName(profiles.get(proposal.authorId)), tally: proposal.tally(members), myVote: proposal.voteOf(input.userId) })));
  }
}
