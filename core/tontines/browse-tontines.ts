/**
 * BrowseTontines: anyone, signed in or not, looks through the groups they could join or follow.
 *
 * Guarantees
 * - Forming and active groups, newest first, at most BROWSE_LIMIT; never personal savings.
 * - Described as DescribeTontines does, for this viewer (names by member-names.ts).
 */
import type { DescribeTontines, TontineOverview } from './describe-tontines.ts';
import type { TontineRepository } from './ports.ts';

export const BROWSE_LIMIT = 200;

export interface BrowseTontinesDeps {
  tontines: Pick<TontineRepository, 'listDiscoverable'>;
  describe: Pick<DescribeTontines, 'execute'>;
}

export interface BrowseTontinesInput {
  /** Null when signed out. */
  viewerId: string | null;
}

export class BrowseTontines {
  constructor(private readonly deps: BrowseTontinesDeps) {}

  async execute(input: BrowseTontinesInput): Promise<TontineOverview[]> {
    const tontines = await this.deps.tontines.listDiscoverable(BROWSE_LIMIT);
    return this.deps.describe.execute({ tontines, viewerId: input.viewerId });
  }
}
