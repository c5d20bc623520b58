import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import type { CreateTontineInput } from '../create-tontine-input.ts';
import { tontineSchema, type Tontine } from './tontine-schema.ts';

/** POST /api/tontines → 201 the Tontine (carries id); a refusal carries the server's message. */
export async function createTontine(input: CreateTontineInput): Promise<Tontine> {
  const response = await apiFetch('/api/tontines', { method: 'POST', body: input });
  if (!response.ok) return throwServerError(response);
  return readJson(response, tontineSchema);
}

export function useCreateTontine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTontine,
    // Like a join: the lists (My Tontines too, whose key is '/api/tontines/user'), the member's figures
    // and, for personal savings, their contributions change. Only '/api/tontines' was refreshed, so
    // My Tontines still said "no groups yet" right after creating one.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
