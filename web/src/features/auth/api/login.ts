import { useMutation } from '@tanstack/react-query';
import type { TFunction } from '../../../lib/i18n.ts';
import * as z from 'zod/mini';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import type { AuthSession } from '../../../lib/session.ts';
import { authSessionSchema } from './auth-session-schema.ts';

// Spec part 1 §5, login: a valid email and a non-empty password.
export function loginInputSchema(t: TFunction) {
  return z.object({
    email: z.pipe(z.string().check(z.trim()), z.email({ error: t('auth.validation.email') })),
    password: z.string().check(z.minLength(1, { error: t('auth.validation.passwordRequired') })),
  });
}
export type LoginInput = z.infer<ReturnType<typeof loginInputSchema>>;

/** POST /api/auth/login → {token, user, profile}; a failure carries the server's error text. */
export async function login(input: LoginInput): Promise<AuthSession> {
  const response = await apiFetch('/api/auth/login', { method: 'POST', body: input });
  if (!response.ok) return throwServerError(response);
  return readJson(response, authSessionSchema);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
