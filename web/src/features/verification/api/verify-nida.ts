import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import type { VerifyNidaBody } from '../nida-form.ts';

export const verifyNidaAnswerSchema = z.object({ message: z.string().nullish() }).catchall(z.unknown());
export type VerifyNidaAnswer = z.infer<typeof verifyNidaAnswerSchema>;

/** POST /api/nida/verify-nida with the identity form → {message, …}; failures carry the server's error text. */
export async function verifyNida(body: VerifyNidaBody): Promise<VerifyNidaAnswer> {
  const response = await apiFetch('/api/nida/verify-nida', { method: 'POST', body });
  if (!response.ok) return throwServerError(response);
  return readJson(response, verifyNidaAnswerSchema);
}

export function useVerifyNida() {
  return useMutation({ mutationFn: verifyNida });
}
