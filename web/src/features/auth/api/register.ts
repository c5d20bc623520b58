import { useMutation } from '@tanstack/react-query';
import type { TFunction } from '../../../lib/i18n.ts';
import * as z from 'zod/mini';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import { normaliseAnyPhoneNumber } from '../../../lib/phone-number.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '../../../lib/languages.ts';
import type { AuthSession } from '../../../lib/session.ts';
import { authSessionSchema } from './auth-session-schema.ts';

const languageCodes = LANGUAGES.map((language) => language.code) as [LanguageCode, ...LanguageCode[]];

// Spec part 1 §5, register. confirmPassword is checked here and never sent.
export function registerInputSchema(t: TFunction) {
  const passwords = z.object({ password: z.string(), confirmPassword: z.string() });
  return z
    .object({
      email: z.pipe(z.string().check(z.trim()), z.email({ error: t('auth.validation.email') })),
      password: z.string().check(z.minLength(8, { error: t('auth.validation.passwordMin') })),
      confirmPassword: z.string(),
      firstName: z.string().check(z.trim(), z.minLength(1, { error: t('auth.validation.firstNameRequired') })),
      lastName: z.string().check(z.trim(), z.minLength(1, { error: t('auth.validation.lastNameRequired') })),
      // As the server reads it (core/identity/phone-number.ts): a Rwandan mobile number in any form, or another country's with its code.
      phone: z.optional(z.string().check(z.trim(), z.refine((text) => text === '' || normaliseAnyPhoneNumber(text) !== null, { error: t('auth.validation.phoneInvalid') }))),
      language: z._default(z.enum(languageCodes), DEFAULT_LANGUAGE),
    })
    .check(
      z.refine((input) => input.confirmPassword === input.password, {
        error: t('auth.validation.passwordsMismatch'),
        path: ['confirmPassword'],
        // Report a mismatch together with the other fields' messages, not only once they pass.
        when: (payload) => passwords.safeParse(payload.value).success,
      }),
    );
}
export type RegisterInput = z.infer<ReturnType<typeof registerInputSchema>>;

export interface RegisterPayload {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string;
  language: LanguageCode;
}

export function toRegisterPayload({ confirmPassword: _confirm, phone, ...rest }: RegisterInput): RegisterPayload {
  return phone ? { ...rest, phone } : rest;
}

/** POST /api/auth/register → 201 {token, user, profile}; a failure carries the server's error. */
export async function register(input: RegisterInput): Promise<AuthSession> {
  const response = await apiFetch('/api/auth/register', { method: 'POST', body: toRegisterPayload(input) });
  if (!response.ok) return throwServerError(response);
  return readJson(response, authSessionSchema);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
