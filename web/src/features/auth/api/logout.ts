import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/logout → 204. Signing out must work even when the server cannot be reached
 * (the local session is cleared either way), so a failure is swallowed here.
 */
export async function logout(): Promise<void> {
  try {
    await apiFetch('/api/auth/logout', { method: 'POST' });
  } catch {
    // Offline or server down: the token still leaves this browser.
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
