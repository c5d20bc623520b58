/**
 * CreateTontine: a member creates a group (or their personal savings, maxMembers = 1) and is its
 * first member and admin. Personal savings are active at once, with their first contribution due.
 */
import type { ContributionRepository } from '../contributions/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { contributionsAtStart } from './contribution-schedule.ts';
import type { TontineRepository } from './ports.ts';
import { Tontine } from './tontine.ts';
import { checkTontineTerms, type TontineTermsError, type TontineTermsInput } from './tontine-terms.ts';

export class CreateTontine {
  constructor(
    private readonly deps: {
      tontines: TontineRepository;
      contributions: ContributionRepository;
      uow: UnitOfWork;
      clock: Clock;
      ids: IdGenerator;
    },
  ) {}

  execute(input: TontineTermsInput & { creatorId: string }): Promise<Result<Tontine, TontineTermsError>> {
    const { tontines, contributions, uow, clock, ids } = this.deps;
    const terms = checkTontineTerms(input);
    if (!terms.ok) return Promise.resolve(terms);
    return uow.run(async () => {
      const tontine = Tontine.create({ ...terms.value, id: ids.newId(), creatorId: input.creatorId, now: clock.now() });
      await tontines.save(tontine);
      if (tontine.status === 'active') await contributions.save(contributionsAtStart(tontine, ids));
      return ok(tontine);
    });
  }
}
