import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { okBody, prefetchedInitialData } from '../../../lib/prefetched-initial-data.ts';
import { tontineListSchema, type Tontine } from './tontine-schema.ts';

/** GET /api/tontines: every group a visitor may discover (forming and active). */
export async function getTontines(): Promise<Tontine[]> {
  return readJson(await apiRequest('/api/tontines'), tontineListSchema);
}

export const tontinesQueryOptions = () => queryOptions({ queryKey: ['/api/tontines'], queryFn: getTontines, ...prefetchedInitialData('/api/tontines', okBody(tontineListSchema)) });

export function useTontines() {
  return useQuery(tontinesQueryOptions());
}
