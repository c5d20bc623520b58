/**
 * DrawPayoutOrder: the admin replaces the join order by a fair random draw (payout-draw.ts).
 * The seed is made here from a fresh random id, never chosen by the admin, and recorded with the
 * draw so any member can re-check the order.
 *
 * Guarantees
 * - Every member, the admin included, is told once who drew the order and that it was drawn at
 *   random (group-announcements.ts); a second draw is refused and tells nobody.
 * - Someone else's personal savings is `tontine_not_found`, like an unknown id (tontine-access.ts).
 */
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { PayoutDraw } from './payout-draw.ts';
import { orderDrawnNotices } from './group-announcements.ts';
import type { MemberProfiles, Notifier, TontineRepository } from './ports.ts';
import { visibleTontine } from './tontine-access.ts';
import type { DrawError } from './tontine.ts';

export class DrawPayoutOrder {
  constructor(
    private readonly deps: { tontines: TontineRepository; profiles: MemberProfiles; notifier: Notifier; uow: UnitOfWork; clock: Clock; ids: IdGenerator },
  ) {}

  execute(input: { tontineId: string; userId: string }): Promise<Result<PayoutDraw, 'tontine_not_found' | DrawError>> {
    const { tontines, profiles, notifier, uow, clock, ids } = this.deps;
    return uow.run(async () => {
      const visible = visibleTontine(await tontines.findById(input.tontineId), input.userId);
      if (!visible.ok) return visible;
      const tontine = visible.value;
      const drawn = tontine.drawPayoutOrder(input.userId, `${tontine.id}:${ids.newId()}`, clock.now());
      if (!drawn.ok) return drawn;
      await tontines.save(tontine);
      await notifier.notifyAll(await orderDrawnNotices(tontine, input.userId, profiles));
      return ok(drawn.value);
    });
  }
}
