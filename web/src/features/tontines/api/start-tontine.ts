import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import { tontineSchema, type Tontine } from './tontine-schema.ts';

/** POST /api/tontines/{id}/start (admin, ≥ 2 members) → the Tontine, now active. */
export async function startTontine(id: string): Promise<Tontine> {
  const response = await apiFetch(`/api/tontines/${encodeURIComponent(id)}/start`, { method: 'POST' });
  if (!response.ok) return throwServerError(response);
  return readJson(response, tontineSchema);
}

export function useStartTontine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTontine,
    // Starting creates the contribution schedule: the group, its contributions and the member's dues change.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
