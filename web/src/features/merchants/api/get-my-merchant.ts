import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, readJson, throwIfNotOk } from '../../../lib/api-client.ts';

// Spec part 2 §7: an answer with businessName means the member is a registered merchant.
// Merchant (read), spec part 2 §3: the dashboard shows the rest.
export const myMerchantSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String).optional(),
  businessName: z.string().optional(),
  merchantCode: z.string().nullish(),
  merchantStatus: z.string().nullish(),
  kybStatus: z.string().nullish(),
  merchantCategory: z.string().nullish(),
  businessAddress: z.string().nullish(),
  district: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  email: z.string().nullish(),
  createdAt: z.string().nullish(),
  tin: z.string().nullish(),
  tradeLicenseNumber: z.string().nullish(),
  rdbRegistrationNumber: z.string().nullish(),
  qrCodeUrl: z.string().nullish(),
});
export type MyMerchant = z.infer<typeof myMerchantSchema> & { businessName: string };

/** GET /api/merchants/me; null when the member has no merchant profile (404 or no name). */
export async function getMyMerchant(): Promise<MyMerchant | null> {
  const response = await apiFetch('/api/merchants/me');
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  const merchant = await readJson(response, myMerchantSchema);
  return merchant.businessName === undefined ? null : { ...merchant, businessName: merchant.businessName };
}

export const myMerchantQueryOptions = () => queryOptions({ queryKey: ['/api/merchants/me'], queryFn: getMyMerchant });

export function useMyMerchant({ enabled }: { enabled: boolean }) {
  return useQuery({ ...myMerchantQueryOptions(), enabled });
}
