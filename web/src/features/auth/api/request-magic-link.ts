import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';

export const magicLinkAnswerSchema = z.object({ message: z.string() });
export type MagicLinkAnswer = z.infer<typeof magicLinkAnswerSchema>;

/** POST /api/auth/magic-link {email} → 202 {message}. */
export async function requestMagicLink(email: string): Promise<MagicLinkAnswer> {
  const response = await apiFetch('/api/auth/magic-link', { method: 'POST', body: { email } });
  if (!response.ok) return throwServerError(response);
  return readJson(response, magicLinkAnswerSchema);
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
