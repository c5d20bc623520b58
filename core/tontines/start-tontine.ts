/**
 * StartTontine: the admin starts the rotation before the group is full (at least 2 members).
 *
 * Guarantees
 * - Every member, the admin included, is told once who started the rotation and when the first
 *   contribution is due (group-announcements.ts); starting again is refused and tells nobody.
 * - Someone else's personal savings is `tontine_not_found`, like an unknown id (tontine-access.ts).
 */
import type { ContributionRepository } from '../contributions/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { contributionsAtStart } from './contribution-schedule.ts';
import { startedNotices } from './group-announcements.ts';
import type { MemberProfiles, Notifier, TontineRepository } from './ports.ts';
import { visibleTontine } from './tontine-access.ts';
import type { StartError, Tontine } from './tontine.ts';

export class StartTontine {
  constructor(
    private readonly deps: {
      tontines: TontineRepository;
      contributions: ContributionRepository;
      profiles: MemberProfiles;
      notifier: Notifier;
      uow: UnitOfWork;
      clock: Clock;
      ids: IdGenerator;
    },
  ) {}

  execute(input: { tontineId: string; userId: string }): Promise<Result<Tontine, 'tontine_not_found' | StartError>> {
    const { tontines, contributions, profiles, notifier, uow, clock, ids } = this.deps;
    return uow.run(async () => {
      const visible = visibleTontine(await tontines.findById(input.tontineId), input.userId);
      if (!visible.ok) return visible;
      const tontine = visible.value;
      const started = tontine.start(input.userId, clock.now());
      if (!started.ok) return started;
      await tontines.save(tontine);
      await contributions.save(contributionsAtStart(tontine, ids));
      await notifier.notifyAll(await startedNotices(tontine, input.userId, profiles));
      return ok(tontine);
    });
  }
}
