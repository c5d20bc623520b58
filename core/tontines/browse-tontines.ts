/**
 * BrowseTontines: anyone, signed in or not, looks through the groups they could join or follow —
 * Discover's search, filters and sort (discover-query.ts).
 *
 * Guarantees
 * - Forming and active groups only, never personal savings; among the newest DISCOVER_SCAN of
 *   them (as the categories read CATEGORY_SAMPLE), filtered and sorted by the query, one page.
 * - Without a query: the newest first, at most DISCOVER_MAX_LIMIT (what the page showed before).
 * - A query whose contribution range is inverted is refused (`contribution_range_inverted`).
 * - Described as DescribeTontines does, for this viewer (names by member-names.ts), the page only.
 */
import { ok, type Result } from '../shared/result.ts';
import type { DescribeTontines, TontineOverview } from './describe-tontines.ts';
import { applyDiscoverQuery, discoverQuery, type DiscoverQueryError, type DiscoverQueryInput } from './discover-query.ts';
import type { TontineRepository } from './ports.ts';

/** How many of the newest discoverable groups a query looks through. */
export const DISCOVER_SCAN = 1000;

export interface BrowseTontinesDeps {
  tontines: Pick<TontineRepository, 'listDiscoverable'>;
  describe: Pick<DescribeTontines, 'execute'>;
}

export interface BrowseTontinesInput {
  /** Null when signed out. */
  viewerId: string | null;
  query?: DiscoverQueryInput;
}

export class BrowseTontines {
  constructor(private readonly deps: BrowseTontinesDeps) {}

  async execute(input: BrowseTontinesInput): Promise<Result<TontineOverview[], DiscoverQueryError>> {
    const query = discoverQuery(input.query);
    if (!query.ok) return query;
    const tontines = applyDiscoverQuery(await this.deps.tontines.listDiscoverable(DISCOVER_SCAN), query.value);
    return ok(await this.deps.describe.execute({ tontines, viewerId: input.viewerId }));
  }
}
