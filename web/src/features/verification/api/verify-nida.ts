import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import type { VerifyNidaBody } from '../nida-form.ts';

export const verifyNidaAnswerSchema = z.catchall(z.object({ message: z.nullish(z.string()) }), z.unknown());
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
