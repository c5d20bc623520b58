import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, apiRequest, readJson, throwServerError } from '../../../lib/api-client.ts';

const orderSchema = z.array(
  z.object({
    memberId: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
    name: z.string(),
    position: z.int(),
  }),
);

export const payoutOrderSchema = z.object({
  order: orderSchema,
  seed: z.nullable(z.string()),
  method: z.enum(['join_order', 'draw']),
});
export type PayoutOrder = z.infer<typeof payoutOrderSchema>;

/** GET /api/tontines/{id}/payout-order (members only): the order, and the seed when it was drawn. */
export async function getPayoutOrder(id: string): Promise<PayoutOrder> {
  return readJson(await apiRequest(`/api/tontines/${encodeURIComponent(id)}/payout-order`), payoutOrderSchema);
}

export const payoutOrderQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['/api/tontines', id, 'payout-order'], queryFn: () => getPayoutOrder(id) });

export function usePayoutOrder(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...payoutOrderQueryOptions(id), enabled });
}

/** POST /api/tontines/{id}/payout-order/draw (admin) → {order, seed}: the recorded random draw. */
export async function drawPayoutOrder(id: string): Promise<{ order: PayoutOrder['order']; seed: string }> {
  const response = await apiFetch(`/api/tontines/${encodeURIComponent(id)}/payout-order/draw`, { method: 'POST' });
  if (!response.ok) return throwServerError(response);
  return readJson(response, z.object({ order: orderSchema, seed: z.string() }));
}

export function useDrawPayoutOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => drawPayoutOrder(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/tontines', id] }),
  });
}
