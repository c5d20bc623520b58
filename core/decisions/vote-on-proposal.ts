/**
 * VoteOnProposal: a member votes yes or no on an open proposal of their group, or changes their
 * vote; the vote that makes the outcome certain closes it (settle-proposal.ts).
 *
 * Guarantees
 * - Members only (`not_a_member`); a proposal of another group, or none, is `proposal_not_found`.
 * - One vote per member: voting again replaces it, while the proposal is open.
 * - Closed is final (`proposal_closed`). A vote after the expiry, before the job came by, closes
 *   the proposal with the votes cast before it and is refused.
 * - The group is locked first, then the proposal: votes, the expiry job and the group's other
 *   changes run one after another, so a proposal closes, and its change applies, once.
 */
import { err, ok, type Result } from '../shared/result.ts';
import { memberTontine, type TontineAccessError } from '../tontines/tontine-access.ts';
import type { Proposal, Tally, Vote, VoteError } from './proposal.ts';
import { memberIdsOf, settleProposal, type DecisionDeps } from './settle-proposal.ts';

export type VoteOnProposalError = TontineAccessError | VoteError | 'proposal_not_found';

export class VoteOnProposal {
  constructor(private readonly deps: DecisionDeps) {}

  /** The proposal after the vote, and its count among the group's members. */
  execute(input: { tontineId: string; proposalId: string; userId: string; vote: Vote }): Promise<Result<{ proposal: Proposal; tally: Tally }, VoteOnProposalError>> {
    const { tontines, proposals, uow, clock } = this.deps;
    return uow.run(async () => {
      const member = memberTontine(await tontines.findById(input.tontineId), input.userId);
      if (!member.ok) return member;
      const tontine = member.value;
      const proposal = await proposals.findForUpdate(input.proposalId);
      if (!proposal || proposal.tontineId !== tontine.id) return err('proposal_not_found');
      const now = clock.now();
      const members = memberIdsOf(tontine);
      if (proposal.isOpen && proposal.isExpired(now)) {
        await settleProposal(this.deps, tontine, proposal, proposal.outcome(members, now) ?? 'rejected', now, null);
        return err('proposal_closed');
      }
      const cast = proposal.cast(input.userId, input.vote, members, now);
      if (!cast.ok) return cast;
      const outcome = proposal.outcome(members, now);
      if (outcome) await settleProposal(this.deps, tontine, proposal, outcome, now, input.userId);
      else await proposals.save(proposal);
      return ok({ proposal, tally: proposal.tally(members) });
    });
  }
}
