import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

/** A refusal of DELETE /api/me: its code, the server's text, and the reasons when the account cannot be deleted yet. */
export class AccountDeletionError extends ApiError {
  readonly blockers: readonly string[];

  constructor(status: number, message: string, code: string | undefined, blockers: readonly string[]) {
    super(status, message, code);
    this.blockers = blockers;
  }
}

/** DELETE /api/me with the current password: 204, or a refusal (wrong password, or 409 with `blockers`). */
export async function deleteAccount(password: string): Promise<void> {
  const response = await apiFetch('/api/me', { method: 'DELETE', body: { password } });
  if (response.ok) return;
  let body: { error?: unknown; code?: unknown; blockers?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON: the dialog's own words apply.
  }
  const blockers = Array.isArray(body.blockers) ? body.blockers.filter((b): b is string => typeof b === 'string') : [];
  throw new AccountDeletionError(response.status, typeof body.error === 'string' ? body.error : '', typeof body.code === 'string' ? body.code : undefined, blockers);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
