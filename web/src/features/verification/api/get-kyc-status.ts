import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const kycStatusSchema = z.object({
  verified: z.boolean(),
  /** A percent, 0–100. */
  matchConfidence: z.number().nullish(),
  verifiedAt: z.string().nullish(),
  /** Whether the member's consent to biometric processing is recorded (Law 058/2021). */
  consentGiven: z.boolean().nullish(),
});
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** GET /api/kyc/status → {verified, matchConfidence, verifiedAt, consentGiven}. */
export async function getKycStatus(): Promise<KycStatus> {
  return readJson(await apiRequest('/api/kyc/status'), kycStatusSchema);
}

export const kycStatusQueryOptions = () => queryOptions({ queryKey: ['/api/kyc/status'], queryFn: getKycStatus });

export function useKycStatus() {
  return useQuery(kycStatusQueryOptions());
}
