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

/** While a group is forming, others join it from their own phones: how often its page asks again. */
export const FORMING_REFRESH_MS = 15_000;

/**
 * The group as it is now: read again on every arrival on its page (the app's queries never go stale
 * by themselves, and a group changes by what others do: joins, the start, payments), and every
 * FORMING_REFRESH_MS while it forms, so the seats left and the start show without a reload.
 */
export function useTontine(id: string) {
  return useQuery({
    ...tontineQueryOptions(id),
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.status === 'forming' ? FORMING_REFRESH_MS : false),
  });
}
