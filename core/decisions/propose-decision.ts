/**
 * ProposeDecision: a member of a group puts a change to the vote of all its members (DOMAIN.md
 * "Group decisions"): change the late fine, waive a fine, change the payout order.
 *
 * Guarantees
 * - Members only (`not_a_member`); someone else's personal savings, or no group, is
 *   `tontine_not_found`; personal savings decide alone (`personal_savings_has_no_decisions`); a
 *   cancelled group decides nothing (`tontine_not_active`).
 * - The change is checked before anyone votes, against the group as it is now: a payout order is
 *   a new permutation of the members that keeps every paid turn in place, in an active rotation
 *   (`proposal_change_invalid`, `tontine_not_active`); a fine rule or a waiver as the fines module
 *   accepts it (DecidedFines: within the fine's bounds, a fine of this group still owed).
 * - The proposal opens for DEFAULT_PROPOSAL_HOURS under the group's passing rule; every member is
 *   told who proposed what and until when (group-announcements.ts), and it is audited.
 */
import type { IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { proposalOpenedNotices } from '../tontines/group-announcements.ts';
import { memberTontine, type TontineAccessError } from '../tontines/tontine-access.ts';
import type { DecidedOrderError, Tontine } from '../tontines/tontine.ts';
import type { FineEffectError } from './ports.ts';
import { Proposal, PROPOSAL_TEXT_MAX, type ProposalChange } from './proposal.ts';
import type { DecisionDeps } from './settle-proposal.ts';

export type ProposeDecisionError =
  | TontineAccessError
  | DecidedOrderError
  | FineEffectError
  | 'personal_savings_has_no_decisions'
  | 'proposal_text_required';

export interface ProposeDecisionInput {
  tontineId: string;
  userId: string;
  text: string;
  change: ProposalChange;
}

export class ProposeDecision {
  constructor(private readonly deps: DecisionDeps & { ids: IdGenerator }) {}

  execute(input: ProposeDecisionInput): Promise<Result<Proposal, ProposeDecisionError>> {
    const { tontines, proposals, profiles, notifier, audit, uow, clock, ids } = this.deps;
    const text = input.text.trim();
    if (text === '' || Array.from(text).length > PROPOSAL_TEXT_MAX) return Promise.resolve(err('proposal_text_required'));
    return uow.run(async () => {
      const member = memberTontine(await tontines.findById(input.tontineId), input.userId);
      if (!member.ok) return member;
      const tontine = member.value;
      if (tontine.isPersonalSavings) return err('personal_savings_has_no_decisions');
      if (tontine.status === 'cancelled') return err('tontine_not_active');
      const checked = await this.check(tontine, input.change);
      if (!checked.ok) return checked;
      const proposal = Proposal.open({ id: ids.newId(), tontineId: tontine.id, authorId: input.userId, text, change: input.change, rule: tontine.decisionRule, now: clock.now() });
      await proposals.save(proposal);
      await notifier.notifyAll(await proposalOpenedNotices(tontine, proposal, profiles));
      await audit.record({
        action: 'proposal_opened',
        actor: `member:${input.userId}`,
        subject: `proposal:${proposal.id}`,
        details: { tontineId: tontine.id, kind: proposal.kind, rule: proposal.rule, closesAt: proposal.closesAt.toISOString() },
      });
      return ok(proposal);
    });
  }

  private check(tontine: Tontine, change: ProposalChange): Promise<Result<void, DecidedOrderError | FineEffectError>> {
    switch (change.kind) {
      case 'change_payout_order':
        return Promise.resolve(tontine.checkDecidedOrder(change.order));
      case 'change_fine':
        return this.deps.fines.checkFineRule(tontine.id, change.lateFine);
      case 'waive_fine':
        return this.deps.fines.checkWaiver(tontine.id, change.fineId);
    }
  }
}
