/**
 * JoinTontine: a member joins a forming group; the member who fills it starts the rotation, and
 * every contribution of the rotation is scheduled in the same unit of work.
 *
 * Guarantees
 * - Someone else's personal savings is `tontine_not_found`, like an unknown id (tontine-access.ts).
 */
import type { ContributionRepository } from '../contributions/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { contributionsAtStart } from './contribution-schedule.ts';
import type { TontineRepository } from './ports.ts';
import { visibleTontine } from './tontine-access.ts';
import type { JoinError, Tontine } from './tontine.ts';

export class JoinTontine {
  constructor(
    private readonly deps: {
      tontines: TontineRepository;
      contributions: ContributionRepository;
      uow: UnitOfWork;
      clock: Clock;
      ids: IdGenerator;
    },
  ) {}

  execute(input: { tontineId: string; userId: string }): Promise<Result<{ tontine: Tontine; started: boolean }, 'tontine_not_found' | JoinError>> {
    const { tontines, contributions, uow, clock, ids } = this.deps;
    return uow.run(async () => {
      const visible = visibleTontine(await tontines.findById(input.tontineId), input.userId);
      if (!visible.ok) return visible;
      const tontine = visible.value;
      const joined = tontine.join(input.userId, clock.now());
      if (!joined.ok) return joined;
      await tontines.save(tontine);
      if (joined.value.started) await contributions.save(contributionsAtStart(tontine, ids));
      return ok({ tontine, started: joined.value.started });
    });
  }
}
