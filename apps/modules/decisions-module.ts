/**
 * The decisions module's wiring (core/decisions, DOMAIN.md "Group decisions"): its Postgres store,
 * the fines module's effects, and its use cases, which the decision routes, the USSD channel and
 * the scheduler (`decisions-close`) resolve.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import { DecidedFines } from '../../core/decisions/decided-fines.ts';
import { ChangeFineRule } from '../../core/tontines/change-fine-rule.ts';
import { WaiveFine } from '../../core/tontines/waive-fine.ts';
import { PostgresGroupProposals } from '../../adapters/postgres/postgres-group-proposals.ts';
import { CloseExpiredProposals } from '../../core/decisions/close-expired-proposals.ts';
import { ListOpenVotes } from '../../core/decisions/list-open-votes.ts';
import { ListProposals } from '../../core/decisions/list-proposals.ts';
import { ProposeDecision } from '../../core/decisions/propose-decision.ts';
import { VoteOnProposal } from '../../core/decisions/vote-on-proposal.ts';
import { withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

export const decisionsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.GroupProposals).toResolvedValue((em: EntityManager) => new PostgresGroupProposals(em), [TOKENS.EntityManager]);
  // What a decision about fines does: the fines' own use cases (core/decisions/decided-fines.ts).
  bind(TOKENS.FineDecisionEffects).toResolvedValue(
    ...withDeps(DecidedFines, { tontines: TOKENS.TontineRepository, contributions: TOKENS.ContributionRepository, changeFineRule: ChangeFineRule, waiveFine: WaiveFine }),
  );
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
