import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, readJson, throwIfNotOk } from '../../../lib/api-client.ts';
import { tontineSchema, type Tontine } from './tontine-schema.ts';

/** GET /api/tontines/{id}; null when there is no such group (the page shows 'Tontine Not Found'). */
export async function getTontine(id: string): Promise<Tontine | null> {
  const response = await apiFetch(`/api/tontines/${encodeURIComponent(id)}`);
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  return readJson(response, tontineSchema);
}

export const tontineQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['/api/tontines', id], queryFn: () => getTontine(id) });

export function useTontine(id: string) {
  return useQuery(tontineQueryOptions(id));
}
