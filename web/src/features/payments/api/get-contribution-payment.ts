import { useQuery } from '@tanstack/react-query';
import { apiFetch, readJson, throwIfNotOk } from '../../../lib/api-client.ts';
import { paymentSchema, type Payment } from './payment-schema.ts';

/** GET /api/contributions/{id}/payment (owner only): the latest payment started for it; null when none. */
export async function getContributionPayment(contributionId: string): Promise<Payment | null> {
  const response = await apiFetch(`/api/contributions/${encodeURIComponent(contributionId)}/payment`);
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  return readJson(response, paymentSchema);
}

export function useContributionPayment(contributionId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/contributions', contributionId, 'payment'],
    queryFn: () => getContributionPayment(contributionId),
    enabled,
    staleTime: 0,
  });
}
