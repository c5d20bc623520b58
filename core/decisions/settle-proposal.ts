/**
 * How a proposal whose outcome is known is closed, by a vote or by the expiry job: the one place
 * where a decision takes effect.
 *
 * Guarantees
 * - Called in the caller's unit of work, with the group and the proposal locked: the change, the
 *   closed proposal, every member's notice and the audit row commit together, once.
 * - A passed `change_payout_order` replaces the group's payout order (Tontine.applyDecidedOrder:
 *   the rules of the payout order, paid turns never move); a passed fine decision goes to the
 *   fines module (FineDecisionEffects). A change the group's state no longer allows leaves the
 *   proposal `void`, with the refusal's code as its reason, and changes nothing.
 */
import { SYSTEM_ACTOR, type AuditTrail } from '../audit/ports.ts';
import type { Clock } from '../shared/clock.ts';
import type { Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { decisionClosedNotices } from '../tontines/group-announcements.ts';
import type { MemberProfiles, Notifier, TontineRepository } from '../tontines/ports.ts';
import type { Tontine } from '../tontines/tontine.ts';
import type { FineDecisionEffects, ProposalRepository } from './ports.ts';
import type { Proposal } from './proposal.ts';

export interface SettleDeps {
  tontines: TontineRepository;
  proposals: ProposalRepository;
  fines: FineDecisionEffects;
  profiles: MemberProfiles;
  notifier: Notifier;
  audit: AuditTrail;
}

/** What every use case that may close a proposal takes: the closing's ports, its unit of work and the clock. */
export interface DecisionDeps extends SettleDeps {
  uow: UnitOfWork;
  clock: Clock;
}

export const memberIdsOf = (tontine: Tontine): string[] => tontine.members.map((m) => m.userId);

/** Closes `proposal` with `outcome`, applying its change when it passed; `closedBy` is the member whose vote decided it, or null for the expiry. */
export async function settleProposal(
  deps: SettleDeps,
  tontine: Tontine,
  proposal: Proposal,
  outcome: 'passed' | 'rejected',
  now: Date,
  closedBy: string | null,
): Promise<void> {
  const applied = outcome === 'passed' ? await applyChange(deps, tontine, proposal) : null;
  if (applied && !applied.ok) proposal.close('void', now, applied.error);
  else proposal.close(outcome, now);
  await deps.proposals.save(proposal);
  const count = proposal.tally(memberIdsOf(tontine));
  await deps.notifier.notifyAll(await decisionClosedNotices(tontine, proposal, count, deps.profiles));
  await deps.audit.record({
    action: 'proposal_closed',
    actor: closedBy ? `member:${closedBy}` : SYSTEM_ACTOR,
    subject: `proposal:${proposal.id}`,
    details: {
      tontineId: tontine.id,
      kind: proposal.kind,
      status: proposal.status,
      reason: proposal.voidReason,
      rule: proposal.rule,
      yes: count.yes,
      no: count.no,
      members: tontine.members.length,
      expired: closedBy === null,
    },
  });
}

async function applyChange(deps: SettleDeps, tontine: Tontine, proposal: Proposal): Promise<Result<void, string>> {
  const { change } = proposal;
  switch (change.kind) {
    case 'change_payout_order': {
      const applied = tontine.applyDecidedOrder(change.order);
      if (applied.ok) await deps.tontines.save(tontine);
      return applied;
    }
    case 'change_fine':
      return deps.fines.changeFineRule(tontine.id, change.lateFine, proposal.id);
    case 'waive_fine':
      return deps.fines.waiveFine(tontine.id, change.fineId, proposal.id);
  }
}
