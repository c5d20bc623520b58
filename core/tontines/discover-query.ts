/**
 * Discover query: which groups Discover shows for a search, its filters and its sort (GET
 * /api/tontines). Pure: BrowseTontines applies it to the discoverable groups it reads.
 *
 * Guarantees
 * - `q` matches the name or the description, ignoring case and the spaces around it.
 * - Filters combine (all must hold): category, frequency, contribution between min and max
 *   (both included), at least `minSeatsLeft` seats left (an active group has none left).
 * - A range whose minimum is above its maximum is refused (`contribution_range_inverted`).
 * - Sorts: `newest` (by creation, the default), `contribution_asc`, `contribution_desc`,
 *   `seats_left` (most seats left first); ties keep the newest first, then the id, so a page
 *   never shuffles between two requests.
 * - `offset` and `limit` page through the sorted groups.
 */
import type { Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { Frequency } from './cycle-calendar.ts';
import type { Tontine } from './tontine.ts';

export const DISCOVER_SORTS = ['newest', 'contribution_asc', 'contribution_desc', 'seats_left'] as const;
export type DiscoverSort = (typeof DISCOVER_SORTS)[number];
export const DISCOVER_MAX_LIMIT = 200;

export interface DiscoverQueryInput {
  q?: string | undefined;
  category?: string | undefined;
  frequency?: Frequency | undefined;
  minContribution?: Money | undefined;
  maxContribution?: Money | undefined;
  minSeatsLeft?: number | undefined;
  sort?: DiscoverSort | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

export interface DiscoverQuery extends DiscoverQueryInput {
  sort: DiscoverSort;
  limit: number;
  offset: number;
}

export type DiscoverQueryError = 'contribution_range_inverted';

export function discoverQuery(input: DiscoverQueryInput = {}): Result<DiscoverQuery, DiscoverQueryError> {
  if (input.minContribution && input.maxContribution && input.minContribution.greaterThan(input.maxContribution)) return err('contribution_range_inverted');
  const q = input.q?.trim();
  return ok({
    ...input,
    q: q === '' ? undefined : q,
    sort: input.sort ?? 'newest',
    limit: Math.min(input.limit ?? DISCOVER_MAX_LIMIT, DISCOVER_MAX_LIMIT),
    offset: input.offset ?? 0,
  });
}

/** Seats a group still offers: none once it has started. */
export function seatsLeft(tontine: Tontine): number {
  return tontine.status === 'forming' ? Math.max(0, tontine.maxMembers - tontine.members.length) : 0;
}

export function matchesDiscoverQuery(tontine: Tontine, query: DiscoverQuery): boolean {
  if (query.q !== undefined) {
    const needle = query.q.toLowerCase();
    if (!tontine.name.toLowerCase().includes(needle) && !tontine.description.toLowerCase().includes(needle)) return false;
  }
  if (query.category !== undefined && tontine.category !== query.category) return false;
  if (query.frequency !== undefined && tontine.frequency !== query.frequency) return false;
  if (query.minContribution && tontine.contributionAmount.lessThan(query.minContribution)) return false;
  if (query.maxContribution && tontine.contributionAmount.greaterThan(query.maxContribution)) return false;
  if (query.minSeatsLeft !== undefined && seatsLeft(tontine) < query.minSeatsLeft) return false;
  return true;
}

function byNewest(a: Tontine, b: Tontine): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

const ORDER: Record<DiscoverSort, (a: Tontine, b: Tontine) => number> = {
  newest: byNewest,
  contribution_asc: (a, b) => a.contributionAmount.compare(b.contributionAmount) || byNewest(a, b),
  contribution_desc: (a, b) => b.contributionAmount.compare(a.contributionAmount) || byNewest(a, b),
  seats_left: (a, b) => seatsLeft(b) - seatsLeft(a) || byNewest(a, b),
};

/** The page of groups Discover shows for the query. */
export function applyDiscoverQuery(tontines: readonly Tontine[], query: DiscoverQuery): Tontine[] {
  return tontines
    .filter((tontine) => matchesDiscoverQuery(tontine, query))
    .sort(ORDER[query.sort])
    .slice(query.offset, query.offset + query.limit);
}
