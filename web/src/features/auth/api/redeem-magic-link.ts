import { useMutation } from '@tanstack/react-query';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import type { AuthSession } from '../../../lib/session.ts';
import { authSessionSchema } from './auth-session-schema.ts';

/**
 * POST /api/auth/magic-link/redeem {token} → {token, user, profile}, or 400
 * {error, code: 'invalid_or_expired_link'}.
 */
export async function redeemMagicLink(token: string): Promise<AuthSession> {
  const response = await apiFetch('/api/auth/magic-link/redeem', { method: 'POST', body: { token } });
  if (!response.ok) return throwServerError(response);
  return readJson(response, authSessionSchema);
}

export function useRedeemMagicLink() {
  return useMutation({ mutationFn: redeemMagicLink });
}
