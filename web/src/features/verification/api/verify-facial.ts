import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';

export const verifyFacialAnswerSchema = z.object({
  verified: z.boolean(),
  /** A percent, 0–100. */
  matchConfidence: z.nullish(z.number()),
  /** The percent needed to be verified (80). */
  thresholdPercent: z.nullish(z.number()),
  message: z.nullish(z.string()),
});
export type VerifyFacialAnswer = z.infer<typeof verifyFacialAnswerSchema>;

export interface VerifyFacialBody {
  idPhotoURL: string;
  selfieURL: string;
  verificationType: 'profile_update';
  referenceId?: string;
}

/** POST /api/kyc/verify-facial {idPhotoURL, selfieURL, verificationType, referenceId} → {verified, matchConfidence, message}. */
export async function verifyFacial(body: VerifyFacialBody): Promise<VerifyFacialAnswer> {
  const response = await apiFetch('/api/kyc/verify-facial', { method: 'POST', body });
  if (!response.ok) return throwServerError(response);
  return readJson(response, verifyFacialAnswerSchema);
}

export function useVerifyFacial() {
  return useMutation({ mutationFn: verifyFacial });
}
