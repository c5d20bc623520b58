/**
 * Discover's filters and sort as the page holds them, and the query they send (GET /api/tontines;
 * the rule itself is the server's, core/tontines/discover-query.ts).
 *
 * Guarantees
 * - Only what is set is sent, always in the same order (one cache entry per question).
 * - Amounts and seats are whole numbers typed by the member; anything else is not sent but named
 *   by `filtersProblem`, as is a lowest contribution above the highest, so the dialog says so
 *   before the server would refuse it.
 */
export const DISCOVER_SORTS = ['newest', 'contribution_asc', 'contribution_desc', 'seats_left'] as const;
export type DiscoverSort = (typeof DISCOVER_SORTS)[number];
export const SEATS_CHOICES = ['1', '2', '3', '5'] as const;

export interface DiscoverFilters {
  category: string;
  frequency: string;
  minContribution: string;
  maxContribution: string;
  minSeatsLeft: string;
}

export const NO_FILTERS: DiscoverFilters = { category: '', frequency: '', minContribution: '', maxContribution: '', minSeatsLeft: '' };

const WHOLE = /^\d{1,10}$/;
const amountOf = (text: string): number | null => (WHOLE.test(text.trim()) && Number(text) > 0 ? Number(text) : null);

export function activeFilterCount(filters: DiscoverFilters): number {
  return (Object.keys(NO_FILTERS) as (keyof DiscoverFilters)[]).filter((key) => filters[key].trim() !== '').length;
}

export function filtersProblem(filters: DiscoverFilters): 'invalidAmount' | 'invalidRange' | null {
  for (const text of [filters.minContribution, filters.maxContribution]) if (text.trim() !== '' && amountOf(text) === null) return 'invalidAmount';
  const min = amountOf(filters.minContribution);
  const max = amountOf(filters.maxContribution);
  return min !== null && max !== null && min > max ? 'invalidRange' : null;
}

/** The query string of a search, filters and sort ('' for none: Discover's plain list). */
export function discoverSearch(search: string, filters: DiscoverFilters, sort: DiscoverSort): string {
  const params = new URLSearchParams();
  if (search.trim() !== '') params.set('q', search.trim().slice(0, 100));
  if (filters.category !== '') params.set('category', filters.category);
  if (filters.frequency !== '') params.set('frequency', filters.frequency);
  const min = amountOf(filters.minContribution);
  const max = amountOf(filters.maxContribution);
  if (min !== null && (max === null || min <= max)) params.set('minContribution', String(min));
  if (max !== null && (min === null || min <= max)) params.set('maxContribution', String(max));
  if (WHOLE.test(filters.minSeatsLeft)) params.set('minSeatsLeft', filters.minSeatsLeft);
  if (sort !== 'newest') params.set('sort', sort);
  return params.toString();
}
