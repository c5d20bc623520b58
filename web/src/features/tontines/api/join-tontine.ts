import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import { tontineSchema, type Tontine } from './tontine-schema.ts';

/** POST /api/tontines/{id}/join → the Tontine; 409 tontine_is_full | tontine_not_forming | already_a_member. */
export async function joinTontine(id: string): Promise<Tontine> {
  const response = await apiFetch(`/api/tontines/${encodeURIComponent(id)}/join`, { method: 'POST' });
  if (!response.ok) return throwServerError(response);
  return readJson(response, tontineSchema);
}

export function useJoinTontine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinTontine,
    // Every list, the group, its members and the member's own figures change with a join; a
    // refusal (full, started, joined already) means the screen's picture of the group is out of
    // date: read again, so that it no longer offers a seat the server has just refused.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
