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
  /** Why the business is rejected or suspended, as a code this client words (the dashboard's statusReasons texts); this project's addition. */
  statusReasonCode: z.nullish(z.string()),
  /** The same reason in the server's words, in the account's language: for a code this client does not know. */
  statusReason: z.nullish(z.string()),
  qrCodeUrl: z.nullish(z.string()),
});
export type MyMerchant = z.infer<typeof myMerchantSchema> & { businessName: string };

/** The reason codes this client words (core/merchants/merchant-reason.ts MERCHANT_REASON_CODES; a test keeps them equal). */
export const MERCHANT_REASON_KEYS = [
  'documents_unreadable',
  'tin_mismatch',
  'trade_licence_missing',
  'trade_licence_expired',
  'business_not_found_at_rdb',
  'owner_identity_mismatch',
  'prohibited_activity',
  'suspected_fraud',
  'complaints_under_review',
  'compliance_documents_expired',
  'requested_by_owner',
  'other',
] as const;
export type MerchantReasonKey = (typeof MERCHANT_REASON_KEYS)[number];

export function isMerchantReasonKey(code: string | null | undefined): code is MerchantReasonKey {
  return code !== null && code !== undefined && (MERCHANT_REASON_KEYS as readonly string[]).includes(code);
}

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
