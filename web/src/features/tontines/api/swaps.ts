import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, apiRequest, readJson, throwServerError } from '../../../lib/api-client.ts';

const id = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

export const swapSchema = z.looseObject({
  id,
  status: z.string(),
  proposerId: z.nullish(id),
  counterpartyId: z.nullish(id),
  proposedAt: z.nullish(z.string()),
});
export type TurnSwap = z.infer<typeof swapSchema>;

const swapsKey = (tontineId: string) => ['/api/tontines', tontineId, 'swaps'] as const;

/** GET /api/tontines/{id}/swaps (members only). */
export async function getSwaps(tontineId: string): Promise<TurnSwap[]> {
  return readJson(await apiRequest(`/api/tontines/${encodeURIComponent(tontineId)}/swaps`), z.array(swapSchema));
}

export function useSwaps(tontineId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...queryOptions({ queryKey: swapsKey(tontineId), queryFn: () => getSwaps(tontineId) }), enabled });
}

/** POST /api/tontines/{id}/swaps {withMemberId} → 201 {id, status: 'proposed', …}. */
export async function proposeSwap(tontineId: string, withMemberId: string): Promise<TurnSwap> {
  const response = await apiFetch(`/api/tontines/${encodeURIComponent(tontineId)}/swaps`, { method: 'POST', body: { withMemberId } });
  if (!response.ok) return throwServerError(response);
  return readJson(response, swapSchema);
}

/** POST /api/tontines/{id}/swaps/{swapId}/accept → {id, status: 'accepted'}. */
export async function acceptSwap(tontineId: string, swapId: string): Promise<TurnSwap> {
  const response = await apiFetch(`/api/tontines/${encodeURIComponent(tontineId)}/swaps/${encodeURIComponent(swapId)}/accept`, { method: 'POST' });
  if (!response.ok) return throwServerError(response);
  return readJson(response, swapSchema);
}

export function useProposeSwap(tontineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (withMemberId: string) => proposeSwap(tontineId, withMemberId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: swapsKey(tontineId) }),
  });
}

export function useAcceptSwap(tontineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (swapId: string) => acceptSwap(tontineId, swapId),
    // An accepted swap changes the payout order and the next recipient too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/tontines', tontineId] }),
  });
}
