/**
 * ProposeTurnSwap: a member offers to trade payout turns with another member.
 *
 * Guarantees
 * - Someone else's personal savings is `tontine_not_found`, like an unknown id (tontine-access.ts).
 */
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { TontineRepository } from './ports.ts';
import { visibleTontine } from './tontine-access.ts';
import type { ProposeSwapError, TurnSwap } from './tontine.ts';

export class ProposeTurnSwap {
  constructor(private readonly deps: { tontines: TontineRepository; uow: UnitOfWork; clock: Clock; ids: IdGenerator }) {}

  execute(input: { tontineId: string; userId: string; counterpartyId: string }): Promise<Result<TurnSwap, 'tontine_not_found' | ProposeSwapError>> {
    const { tontines, uow, clock, ids } = this.deps;
    return uow.run(async () => {
      const visible = visibleTontine(await tontines.findById(input.tontineId), input.userId);
      if (!visible.ok) return visible;
      const tontine = visible.value;
      const proposed = tontine.proposeTurnSwap(ids.newId(), input.userId, input.counterpartyId, clock.now());
      if (!proposed.ok) return proposed;
      await tontines.save(tontine);
      return ok(proposed.value);
    });
  }
}
