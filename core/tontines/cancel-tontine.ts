/** CancelTontine: the admin calls off a group that is still forming; no money has moved yet. */
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { TontineRepository } from './ports.ts';
import type { CancelError, Tontine } from './tontine.ts';

export class CancelTontine {
  constructor(private readonly deps: { tontines: TontineRepository; uow: UnitOfWork }) {}

  execute(input: { tontineId: string; userId: string }): Promise<Result<Tontine, 'tontine_not_found' | CancelError>> {
    const { tontines, uow } = this.deps;
    return uow.run(async () => {
      const tontine = await tontines.findById(input.tontineId);
      if (!tontine) return err('tontine_not_found');
      const cancelled = tontine.cancel(input.userId);
      if (!cancelled.ok) return cancelled;
      await tontines.save(tontine);
      return ok(tontine);
    });
  }
}
