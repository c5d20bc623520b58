import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { merchantSchema, type Merchant } from './merchant-schemas.ts';

/** GET /api/merchants/user/merchants: the signed-in member's own merchants. */
export async function getUserMerchants(): Promise<Merchant[]> {
  return readJson(await apiRequest('/api/merchants/user/merchants'), z.array(merchantSchema));
}

export const userMerchantsQueryOptions = () => queryOptions({ queryKey: ['/api/merchants/user/merchants'], queryFn: getUserMerchants });

export function useUserMerchants({ enabled }: { enabled: boolean }) {
  return useQuery({ ...userMerchantsQueryOptions(), enabled });
}
