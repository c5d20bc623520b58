/**
 * The decisions module's wiring (core/decisions, DOMAIN.md "Group decisions"): its Postgres store,
 * the fines module's effects, and its use cases, which the decision routes, the USSD channel and
 * the scheduler (`decisions-close`) resolve.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import { PostgresGroupProposals } from '../../adapters/postgres/postgres-group-proposals.ts';
import { CloseExpiredProposals } from '../../core/decisions/close-expired-proposals.ts';
import { ListOpenVotes } from '../../core/decisions/list-open-votes.ts';
import { ListProposals } from '../../core/decisions/list-proposals.ts';
import type { FineDecisionEffects } from '../../core/decisions/ports.ts';
import { ProposeDecision } from '../../core/decisions/propose-decision.ts';
import { VoteOnProposal } from '../../core/decisions/vote-on-proposal.ts';
import { err } from '../../core/shared/result.ts';
import { withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

/**
 * Until the fines module is merged, a fine can neither be proposed nor changed by a decision:
 * `change_fine` and `waive_fine` are refused with `proposal_kind_unavailable` before anyone votes.
 * BIND THE FINES MODULE HERE (the one place): an adapter over its ChangeFineRule and WaiveFine use
 * cases (and their checks), in place of this constant.
 */
const FINES_NOT_AVAILABLE: FineDecisionEffects = {
  checkFineRule: async () => err('proposal_kind_unavailable'),
  checkWaiver: async () => err('proposal_kind_unavailable'),
  changeFineRule: async () => err('proposal_kind_unavailable'),
  waiveFine: async () => err('proposal_kind_unavailable'),
};

export const decisionsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.GroupProposals).toResolvedValue((em: EntityManager) => new PostgresGroupProposals(em), [TOKENS.EntityManager]);
  bind(TOKENS.FineDecisionEffects).toConstantValue(FINES_NOT_AVAILABLE);
  const settling = {
    tontines: TOKENS.TontineRepository,
    proposals: TOKENS.GroupProposals,
    fines: TOKENS.FineDecisionEffects,
    profiles: TOKENS.MemberProfiles,
    notifier: TOKENS.Notifier,
    audit: TOKENS.AuditTrail,
    uow: TOKENS.UnitOfWork,
    clock: TOKENS.Clock,
  } as const;
  bind(ProposeDecision).toResolvedValue(...withDeps(ProposeDecision, { ...settling, ids: TOKENS.IdGenerator }));
  bind(VoteOnProposal).toResolvedValue(...withDeps(VoteOnProposal, settling));
  bind(CloseExpiredProposals).toResolvedValue(...withDeps(CloseExpiredProposals, settling));
  bind(ListOpenVotes).toResolvedValue(...withDeps(ListOpenVotes, { tontines: TOKENS.TontineRepository, proposals: TOKENS.GroupProposals, clock: TOKENS.Clock }));
  bind(ListProposals).toResolvedValue(...withDeps(ListProposals, { tontines: TOKENS.TontineRepository, proposals: TOKENS.GroupProposals, profiles: TOKENS.MemberProfiles }));
});
