/**
 * CloseExpiredProposals: the scheduled job's use case. Every open proposal past its expiry is
 * closed with the votes cast before it (short of the threshold: rejected) and, when it passed,
 * its change applied (settle-proposal.ts).
 *
 * Guarantees
 * - Each proposal in a unit of work of its own, the group then the proposal locked and the
 *   proposal re-read: one a vote closed meanwhile is left as it is, so each closes once, whatever
 *   runs at the same time (the job itself runs once at a time under its advisory lock).
 * - At most BATCH per run; the next run takes the rest.
 */
import type { ProposalStatus } from './proposal.ts';
import { memberIdsOf, settleProposal, type DecisionDeps } from './settle-proposal.ts';

const BATCH = 200;

export type ClosedCounts = Record<Exclude<ProposalStatus, 'open'>, number>;

export class CloseExpiredProposals {
  constructor(private readonly deps: DecisionDeps) {}

  async execute(): Promise<ClosedCounts> {
    const { tontines, proposals, uow, clock } = this.deps;
    const counts: ClosedCounts = { passed: 0, rejected: 0, void: 0 };
    for (const due of await proposals.listExpiredOpen(clock.now(), BATCH)) {
      const status = await uow.run(async () => {
        const tontine = await tontines.findById(due.tontineId);
        const proposal = await proposals.findForUpdate(due.id);
        const now = clock.now();
        if (!tontine || !proposal?.isOpen || !proposal.isExpired(now)) return null;
        await settleProposal(this.deps, tontine, proposal, proposal.outcome(memberIdsOf(tontine), now) ?? 'rejected', now, null);
        return proposal.status;
      });
      if (status && status !== 'open') counts[status] += 1;
    }
    return counts;
  }
}
