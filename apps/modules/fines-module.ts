/**
 * Late fines' wiring (DOMAIN.md "Fines"; core/tontines late-fine.ts and its use cases): the
 * contributions a fine is due on in PostgreSQL, the job's use case, the admin's waiver, the rule's
 * change (the entry the group decisions call) and the group's list of fines. A fine is paid
 * through the contributions' own payment routes (it is a contribution).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import { PostgresLateContributions } from '../../adapters/postgres/postgres-late-contributions.ts';
import { ChangeFineRule } from '../../core/tontines/change-fine-rule.ts';
import { ListGroupFines } from '../../core/tontines/list-group-fines.ts';
import { PostDueFines } from '../../core/tontines/post-due-fines.ts';
import { WaiveFine } from '../../core/tontines/waive-fine.ts';
import { withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

export const finesModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.LateContributions).toResolvedValue((em: EntityManager) => new PostgresLateContributions(em), [TOKENS.EntityManager]);
  bind(PostDueFines).toResolvedValue(
    ...withDeps(PostDueFines, {
      late: TOKENS.LateContributions,
      contributions: TOKENS.ContributionRepository,
      notifier: TOKENS.Notifier,
      uow: TOKENS.UnitOfWork,
      clock: TOKENS.Clock,
      ids: TOKENS.IdGenerator,
      events: TOKENS.Logger,
    }),
  );
  const announcing = { profiles: TOKENS.MemberProfiles, notifier: TOKENS.Notifier, uow: TOKENS.UnitOfWork, clock: TOKENS.Clock } as const;
  bind(WaiveFine).toResolvedValue(...withDeps(WaiveFine, { tontines: TOKENS.TontineRepository, contributions: TOKENS.ContributionRepository, ...announcing }));
  bind(ChangeFineRule).toResolvedValue(...withDeps(ChangeFineRule, { tontines: TOKENS.TontineRepository, ...announcing }));
  bind(ListGroupFines).toResolvedValue(
    ...withDeps(ListGroupFines, { tontines: TOKENS.TontineRepository, contributions: TOKENS.ContributionRepository, profiles: TOKENS.MemberProfiles, clock: TOKENS.Clock }),
  );
});
