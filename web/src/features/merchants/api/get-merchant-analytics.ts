import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { merchantAnalyticsSchema, type MerchantAnalytics } from './merchant-schemas.ts';

/** GET /api/merchants/{id}/analytics: trend, next-week forecast and peak hours from real sales (owner only). */
export async function getMerchantAnalytics(merchantId: string): Promise<MerchantAnalytics> {
  return readJson(await apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/analytics`), merchantAnalyticsSchema);
}

export const merchantAnalyticsQueryOptions = (merchantId: string) =>
  queryOptions({ queryKey: ['/api/merchants', merchantId, 'analytics'], queryFn: () => getMerchantAnalytics(merchantId) });

export function useMerchantAnalytics(merchantId: string | null) {
  return useQuery({ ...merchantAnalyticsQueryOptions(merchantId ?? ''), enabled: merchantId !== null });
}
