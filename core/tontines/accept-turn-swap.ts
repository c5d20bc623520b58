/**
 * AcceptTurnSwap: the other member agrees, and the two payout turns trade places.
 *
 * Guarantees
 * - Every member is told once which two members traded turns at their own request and their new
 *   cycles (group-announcements.ts); accepting again is refused and tells nobody.
 * - Someone else's personal savings is `tontine_not_found`, like an unknown id (tontine-access.ts).
 */
import { ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { turnsSwappedNotices } from './group-announcements.ts';
import type { MemberProfiles, Notifier, TontineRepository } from './ports.ts';
import { visibleTontine } from './tontine-access.ts';
import type { AcceptSwapError, Tontine } from './tontine.ts';

export class AcceptTurnSwap {
  constructor(private readonly deps: { tontines: TontineRepository; profiles: MemberProfiles; notifier: Notifier; uow: UnitOfWork }) {}

  execute(input: { tontineId: string; swapId: string; userId: string }): Promise<Result<Tontine, 'tontine_not_found' | AcceptSwapError>> {
    const { tontines, profiles, notifier, uow } = this.deps;
    return uow.run(async () => {
      const visible = visibleTontine(await tontines.findById(input.tontineId), input.userId);
      if (!visible.ok) return visible;
      const tontine = visible.value;
      const accepted = tontine.acceptTurnSwap(input.swapId, input.userId);
      if (!accepted.ok) return accepted;
      await tontines.save(tontine);
      await notifier.notifyAll(await turnsSwappedNotices(tontine, accepted.value, profiles));
      return ok(tontine);
    });
  }
}
