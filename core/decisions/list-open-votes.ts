/**
 * ListOpenVotes: the proposals a member may vote on now, across their groups (the USSD "Group
 * votes" list): each with its group's name, its counts among the group's members and the member's
 * own vote.
 *
 * Guarantees
 * - Only the member's own groups (rotating, forming or active); only proposals open and not past
 *   their expiry; soonest expiry first, at most OPEN_VOTES_SHOWN.
 * - Counts only, never who voted how.
 */
import type { Clock } from '../shared/clock.ts';
import type { TontineRepository } from '../tontines/ports.ts';
import type { ProposalRepository } from './ports.ts';
import type { ProposalKind, Tally, Vote } from './proposal.ts';
import { memberIdsOf } from './settle-proposal.ts';

/** Enough for any member's groups; a basic phone's list pages through them. */
export const OPEN_VOTES_SHOWN = 30;

export interface OpenVote {
  proposalId: string;
  tontineId: string;
  groupName: string;
  kind: ProposalKind;
  tally: Tally;
  myVote: Vote | null;
}

export class ListOpenVotes {
  constructor(private readonly deps: { tontines: Pick<TontineRepository, 'listByMember'>; proposals: ProposalRepository; clock: Clock }) {}

  async execute(input: { userId: string }): Promise<OpenVote[]> {
    const groups = (await this.deps.tontines.listByMember(input.userId)).filter((t) => !t.isPersonalSavings && (t.status === 'forming' || t.status === 'active'));
    if (groups.length === 0) return [];
    const byId = new Map(groups.map((t) => [t.id, t]));
    const open = await this.deps.proposals.listOpen([...byId.keys()], this.deps.clock.now(), OPEN_VOTES_SHOWN);
    return open.map((proposal) => {
      const group = byId.get(proposal.tontineId)!;
      return { proposalId: proposal.id, tontineId: group.id, groupName: group.name, kind: proposal.kind, tally: proposal.tally(memberIdsOf(group)), myVote: proposal.voteOf(input.userId) };
    });
  }
}
