import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { settlementsResponseSchema, type SettlementsResponse } from './merchant-schemas.ts';

/** GET /api/merchants/{id}/settlements → settlements and pending (owner only). */
export async function getMerchantSettlements(merchantId: string): Promise<SettlementsResponse> {
  return readJson(await apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/settlements`), settlementsResponseSchema);
}

export const merchantSettlementsQueryOptions = (merchantId: string) =>
  queryOptions({ queryKey: ['/api/merchants', merchantId, 'settlements'], queryFn: () => getMerchantSettlements(merchantId) });

export function useMerchantSettlements(merchantId: string | null) {
  return useQuery({ ...merchantSettlementsQueryOptions(merchantId ?? ''), enabled: merchantId !== null });
}
