/**
 * ShowTontine: a viewer opens one group.
 *
 * Guarantees
 * - Someone else's personal savings, or an id of no group, is `tontine_not_found` (tontine-access.ts).
 * - Read without a lock, described as DescribeTontines does for this viewer.
 */
import { ok, type Result } from '../shared/result.ts';
import type { DescribeTontines, TontineOverview } from './describe-tontines.ts';
import type { TontineRepository } from './ports.ts';
import { visibleTontine } from './tontine-access.ts';

export interface ShowTontineDeps {
  tontines: Pick<TontineRepository, 'get'>;
  describe: Pick<DescribeTontines, 'execute'>;
}

export interface ShowTontineInput {
  tontineId: string;
  /** Null when signed out. */
  viewerId: string | null;
}

export type ShowTontineError = 'tontine_not_found';

export class ShowTontine {
  constructor(private readonly deps: ShowTontineDeps) {}

  async execute(input: ShowTontineInput): Promise<Result<TontineOverview, ShowTontineError>> {
    const visible = visibleTontine(await this.deps.tontines.get(input.tontineId), input.viewerId);
    if (!visible.ok) return visible;
    const [overview] = await this.deps.describe.execute({ tontines: [visible.value], viewerId: input.viewerId });
    return ok(overview!);
  }
}
