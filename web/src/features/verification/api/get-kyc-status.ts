import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const kycStatusSchema = z.object({
  verified: z.boolean(),
  /** A percent, 0–100. */
  matchConfidence: z.nullish(z.number()),
  verifiedAt: z.nullish(z.string()),
  /** Whether the member's consent to biometric processing is recorded (Law 058/2021). */
  consentGiven: z.nullish(z.boolean()),
  /**
   * The consent text in force, as the server records it (core/kyc/biometric-consent.ts): shown as
   * it is, in the member's language (`texts`; `text` is the English), consented to by its version.
   */
  consent: z.nullish(
    z.object({
      version: z.string(),
      text: z.string(),
      texts: z.nullish(z.object({ en: z.string(), fr: z.string(), rw: z.string(), sw: z.string() })),
      givenAt: z.nullish(z.string()),
    }),
  ),
  /** The saved photos, served to their owner only (`/api/objects/private/<id>`). */
  idPhotoURL: z.nullish(z.string()),
  selfieURL: z.nullish(z.string()),
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
