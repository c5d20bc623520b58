import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, readJson, throwIfNotOk } from '../../../lib/api-client.ts';

// Spec part 2 §7: an answer with businessName means the member is a registered merchant.
// Merchant (read), spec part 2 §3: the dashboard shows the rest.
export const myMerchantSchema = z.looseObject({
  id: z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform(String))),
  businessName: z.optional(z.string()),
  merchantCode: z.nullish(z.string()),
  merchantStatus: z.nullish(z.string()),
  kybStatus: z.nullish(z.string()),
  merchantCategory: z.nullish(z.string()),
  businessAddress: z.nullish(z.string()),
  district: z.nullish(z.string()),
  phoneNumber: z.nullish(z.string()),
  email: z.nullish(z.string()),
  createdAt: z.nullish(z.string()),
  tin: z.nullish(z.string()),
  tradeLicenseNumber: z.nullish(z.string()),
  rdbRegistrationNumber: z.nullish(z.string()),
  /** Why the admin rejected KYB (this project's addition; rejected only). */
  kybReason: z.nullish(z.string()),
  qrCodeUrl: z.nullish(z.string()),
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
