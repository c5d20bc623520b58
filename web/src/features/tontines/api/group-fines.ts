import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, apiRequest, readJson, throwServerError } from '../../../lib/api-client.ts';

export const fineSchema = z.object({
  id: z.string(),
  member: z.string(),
  mine: z.boolean(),
  cycle: z.int(),
  amount: z.string(),
  postedOn: z.string(),
  status: z.enum(['pending', 'overdue', 'completed', 'waived']),
  paidAt: z.nullable(z.string()),
  waiver: z.nullable(z.object({ by: z.enum(['admin', 'decision']), actor: z.nullable(z.string()), reason: z.nullable(z.string()), at: z.string() })),
});
export type Fine = z.infer<typeof fineSchema>;

/** Owed: posted and not paid nor waived (the member who owes it pays it like a contribution). */
export const isOwed = (fine: Fine): boolean => fine.status === 'pending' || fine.status === 'overdue';

export const groupFinesQueryOptions = (tontineId: string) =>
  queryOptions({
    queryKey: ['/api/tontines', tontineId, 'fines'],
    queryFn: async ({ signal }) => readJson(await apiRequest(`/api/tontines/${encodeURIComponent(tontineId)}/fines`, { signal }), z.array(fineSchema)),
  });

/** GET /api/tontines/{id}/fines (members only): the group's late fines, owed ones first. */
export function useGroupFines(tontineId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...groupFinesQueryOptions(tontineId), enabled });
}

/** POST /api/tontines/{id}/fines/{fineId}/waive (the group's admin, with a reason every member sees) → the fine, waived. */
export async function waiveFine({ tontineId, fineId, reason }: { tontineId: string; fineId: string; reason: string }): Promise<Fine> {
  const response = await apiFetch(`/api/tontines/${encodeURIComponent(tontineId)}/fines/${encodeURIComponent(fineId)}/waive`, { method: 'POST', body: { reason } });
  if (!response.ok) return throwServerError(response);
  return readJson(response, fineSchema);
}

export function useWaiveFine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: waiveFine,
    // The fines, the member's dues and the notifications (the announcement) change.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
