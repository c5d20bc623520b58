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
  /** The consent text in force, as the server records it (core/kyc/biometric-consent.ts): shown as it is, consented to by its version. */
  consent: z.object({ version: z.string(), text: z.string(), givenAt: z.string().nullish() }).nullish(),
  /** The saved photos, served to their owner only (`/api/objects/private/<id>`). */
  idPhotoURL: z.string().nullish(),
  selfieURL: z.string().nullish(),
});
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** GET /api/kyc/status → {verified, matchConfidence, verifiedAt, consentGiven, consent, idPhotoURL, selfieURL}. */
export async function getKycStatus(): Promise<KycStatus> {
  return readJson(await apiRequest('/api/kyc/status'), kycStatusSchema);
}

export const kycStatusQueryOptions = () => queryOptions({ queryKey: ['/api/kyc/status'], queryFn: getKycStatus });

export function useKycStatus() {
  return useQuery(kycStatusQueryOptions());
}
