import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { okBody, prefetchedInitialData } from '../../../lib/prefetched-initial-data.ts';
import { tontineListSchema, type Tontine } from './tontine-schema.ts';

/** GET /api/tontines/user: the signed-in member's groups. */
export async function getMyTontines(): Promise<Tontine[]> {
  return readJson(await apiRequest('/api/tontines/user'), tontineListSchema);
}

export const myTontinesQueryOptions = () => queryOptions({ queryKey: ['/api/tontines/user'], queryFn: getMyTontines, ...prefetchedInitialData('/api/tontines/user', okBody(tontineListSchema)) });

export function useMyTontines({ enabled }: { enabled: boolean }) {
  return useQuery({ ...myTontinesQueryOptions(), enabled });
}
