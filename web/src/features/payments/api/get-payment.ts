import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { paymentSchema, type Payment } from './payment-schema.ts';

export const PAYMENT_POLL_MS = 2_000;

/** GET /api/payments/{id} (owner only). */
export async function getPayment(id: string): Promise<Payment> {
  return readJson(await apiRequest(`/api/payments/${encodeURIComponent(id)}`), paymentSchema);
}

export const paymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/payments', id],
    queryFn: () => getPayment(id),
    // Polled only while the member is still asked to approve on their phone.
    refetchInterval: (query) => (query.state.data?.status === 'pending' || query.state.data === undefined ? PAYMENT_POLL_MS : false),
  });

export function usePayment(id: string | null) {
  return useQuery({ ...paymentQueryOptions(id ?? ''), enabled: id !== null });
}
