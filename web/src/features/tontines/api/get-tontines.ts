import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { okBody, prefetchedInitialData } from '../../../lib/prefetched-initial-data.ts';
import { tontineListSchema, type Tontine } from './tontine-schema.ts';

/** GET /api/tontines: the groups a visitor may discover (forming and active), for a Discover query string (discover-filters.ts). */
export async function getTontines(search = ''): Promise<Tontine[]> {
  return readJson(await apiRequest(search === '' ? '/api/tontines' : `/api/tontines?${search}`), tontineListSchema);
}

export const tontinesQueryOptions = () => queryOptions({ queryKey: ['/api/tontines'], queryFn: () => getTontines(), ...prefetchedInitialData('/api/tontines', okBody(tontineListSchema)) });

export function useTontines() {
  return useQuery(tontinesQueryOptions());
}

/** Discover's list for a query string: the plain list without one; the previous answer stays shown while the next loads. */
export function useDiscoverTontines(search: string) {
  return useQuery(
    search === ''
      ? tontinesQueryOptions()
      : { queryKey: ['/api/tontines', `?${search}`], queryFn: () => getTontines(search), placeholderData: keepPreviousData },
  );
}
