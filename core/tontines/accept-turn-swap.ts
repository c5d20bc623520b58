/** AcceptTurnSwap: the other member agrees, and the two payout turns trade places. */
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { TontineRepository } from './ports.ts';
import type { AcceptSwapError, Tontine } from './tontine.ts';

export class AcceptTurnSwap {
  constructor(private readonly deps: { tontines: TontineRepository; uow: UnitOfWork }) {}

  execute(input: { tontineId: string; swapId: string; userId: string }): Promise<Result<Tontine, 'tontine_not_found' | AcceptSwapError>> {
    const { tontines, uow } = this.deps;
    return uow.run(async () => {
      const tontine = await tontines.findById(input.tontineId);
      if (!tontine) return err('tontine_not_found');
      const accepted = tontine.acceptTurnSwap(input.swapId, input.userId);
      if (!accepted.ok) return accepted;
      await tontines.save(tontine);
      return ok(tontine);
    });
  }
}
