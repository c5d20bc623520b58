/**
 * USSD access of the member's account (issue 31): whether the profile's phone number opens the
 * account by USSD, sending a code by SMS to that number, and setting up access with the code and
 * a PIN. Every call acts on the signed-in member's own account and number; none names a number.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ApiError, apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';

export const ussdAccessSchema = z.object({
  status: z.enum(['set_up', 'not_set_up', 'no_phone', 'not_rwandan', 'other_account']),
  phoneNumber: z.nullable(z.string()),
  codeExpiresAt: z.nullable(z.string()),
});
export type UssdAccess = z.infer<typeof ussdAccessSchema>;

/** GET /api/ussd-access. */
export async function getUssdAccess(): Promise<UssdAccess> {
  const response = await apiFetch('/api/ussd-access');
  if (!response.ok) return throwServerError(response);
  return readJson(response, ussdAccessSchema);
}

export const ussdAccessQueryOptions = () => queryOptions({ queryKey: ['/api/ussd-access'], queryFn: getUssdAccess });

export function useUssdAccess() {
  return useQuery(ussdAccessQueryOptions());
}

const codeSentSchema = z.object({ phoneNumber: z.string(), expiresAt: z.string() });
export type UssdCodeSent = z.infer<typeof codeSentSchema>;

/** POST /api/ussd-access/code → 202 {phoneNumber, expiresAt}: a code is on its way to the account's number. */
export async function sendUssdAccessCode(): Promise<UssdCodeSent> {
  const response = await apiFetch('/api/ussd-access/code', { method: 'POST' });
  if (!response.ok) return throwServerError(response);
  return readJson(response, codeSentSchema);
}

export function useSendUssdAccessCode() {
  return useMutation({ mutationFn: sendUssdAccessCode });
}

/** A wrong code, with the tries it leaves (0: the code is used up). */
export class WrongUssdCode extends ApiError {
  readonly attemptsLeft: number;
  constructor(message: string, attemptsLeft: number) {
    super(400, message, 'ussd_access_code_incorrect');
    this.attemptsLeft = attemptsLeft;
  }
}

const wrongCodeSchema = z.object({ error: z.string(), code: z.literal('ussd_access_code_incorrect'), attemptsLeft: z.number() });

/** PUT /api/ussd-access {code, pin} → 200: the account's number now opens it by USSD with this PIN. */
export async function setUpUssdAccess(input: { code: string; pin: string }): Promise<UssdAccess> {
  const response = await apiFetch('/api/ussd-access', { method: 'PUT', body: input });
  if (response.ok) return readJson(response, ussdAccessSchema);
  if (response.status === 400) {
    const wrong = wrongCodeSchema.safeParse(await response.clone().json().catch(() => null));
    if (wrong.success) throw new WrongUssdCode(wrong.data.error, wrong.data.attemptsLeft);
  }
  return throwServerError(response);
}

export function useSetUpUssdAccess() {
  return useMutation({ mutationFn: setUpUssdAccess });
}

/** "+250 788 123 456": an E.164 Rwandan number as people read it, never broken across lines (no-break spaces); any other number as stored. */
export function spacedPhone(e164: string): string {
  const rwandan = /^\+250(\d{3})(\d{3})(\d{3})$/.exec(e164);
  return rwandan ? ['+250', rwandan[1], rwandan[2], rwandan[3]].join('\u00a0') : e164;
}
