/**
 * The member's account security (issue 11): password change and reset, the session list, ending
 * one session or all of them. Failures carry the server's error text and code.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from '../../../lib/i18n.ts';
import * as z from 'zod/mini';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import type { AuthSession } from '../../../lib/session.ts';
import { authSessionSchema } from './auth-session-schema.ts';
import { magicLinkAnswerSchema, type MagicLinkAnswer } from './request-magic-link.ts';

/** A new password twice: the registration's rule (8 characters at least), confirmed. */
function newPasswordFields(t: TFunction) {
  return {
    newPassword: z.string().check(z.minLength(8, { error: t('auth.validation.passwordMin') })),
    confirmPassword: z.string(),
  };
}

/** The confirmation must repeat the new password; the message goes on the confirmation field. */
function confirmed(t: TFunction): [(input: { newPassword: string; confirmPassword: string }) => boolean, { error: string; path: string[] }] {
  return [(input) => input.confirmPassword === input.newPassword, { error: t('auth.validation.passwordsMismatch'), path: ['confirmPassword'] }];
}

export function changePasswordInputSchema(t: TFunction) {
  return z
    .object({ currentPassword: z.string().check(z.minLength(1, { error: t('auth.validation.passwordRequired') })), ...newPasswordFields(t) })
    .check(z.refine(...confirmed(t)));
}
export type ChangePasswordInput = z.infer<ReturnType<typeof changePasswordInputSchema>>;

export function resetPasswordInputSchema(t: TFunction) {
  return z.object(newPasswordFields(t)).check(z.refine(...confirmed(t)));
}

/** POST /api/auth/password/change {currentPassword, newPassword} → 204; other sessions end. */
export async function changePassword({ currentPassword, newPassword }: ChangePasswordInput): Promise<void> {
  const response = await apiFetch('/api/auth/password/change', { method: 'POST', body: { currentPassword, newPassword } });
  if (!response.ok) return throwServerError(response);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** POST /api/auth/password-reset {email} → 202 {message} (the same whether the account exists). */
export async function requestPasswordReset(email: string): Promise<MagicLinkAnswer> {
  const response = await apiFetch('/api/auth/password-reset', { method: 'POST', body: { email } });
  if (!response.ok) return throwServerError(response);
  return readJson(response, magicLinkAnswerSchema);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /api/auth/password-reset/confirm {token, password} → {token, user, profile}: signed in afresh. */
export async function confirmPasswordReset(input: { token: string; password: string }): Promise<AuthSession> {
  const response = await apiFetch('/api/auth/password-reset/confirm', { method: 'POST', body: input });
  if (!response.ok) return throwServerError(response);
  return readJson(response, authSessionSchema);
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}

export const memberSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  endsAt: z.string(),
  ipAddress: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

/** GET /api/auth/sessions → {sessions}: the member's live sessions, newest first. */
export async function getSessions(): Promise<MemberSession[]> {
  const response = await apiFetch('/api/auth/sessions');
  if (!response.ok) return throwServerError(response);
  return (await readJson(response, z.object({ sessions: z.array(memberSessionSchema) }))).sessions;
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: ['/api/auth/sessions'], queryFn: getSessions });

export function useSessions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...sessionsQueryOptions(), enabled });
}

/** DELETE /api/auth/sessions/{id} → 204. */
export async function revokeSession(id: string): Promise<void> {
  const response = await apiFetch(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
  if (!response.ok) return throwServerError(response);
}

export function useRevokeSession() {
  return useMutation({ mutationFn: revokeSession });
}

/** POST /api/auth/logout-everywhere → 204: every session ends, this one too. */
export async function logoutEverywhere(): Promise<void> {
  const response = await apiFetch('/api/auth/logout-everywhere', { method: 'POST' });
  if (!response.ok) return throwServerError(response);
}

export function useLogoutEverywhere() {
  return useMutation({ mutationFn: logoutEverywhere });
}

/** A short name for a User-Agent: the browser and the system it runs on, when recognisable. */
export function deviceName(userAgent: string | null): { browser: string | null; system: string | null } {
  if (userAgent === null) return { browser: null, system: null };
  // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
  const browser =
    (
      [
        [/Edg\//, 'Edge'],
        [/OPR\/|Opera/, 'Opera'],
        [/SamsungBrowser\//, 'Samsung Internet'],
        [/Firefox\//, 'Firefox'],
        [/Chrome\//, 'Chrome'],
        [/Safari\//, 'Safari'],
      ] as const
    ).find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const system =
    (
      [
        [/Android/, 'Android'],
        [/iPhone|iPad|iOS/, 'iOS'],
        [/Windows/, 'Windows'],
        [/Mac OS X|Macintosh/, 'macOS'],
        [/CrOS/, 'ChromeOS'],
        [/Linux/, 'Linux'],
      ] as const
    ).find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, system };
}
