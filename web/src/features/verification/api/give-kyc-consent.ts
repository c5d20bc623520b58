import { useMutation } from '@tanstack/react-query';
import { apiFetch, throwServerError } from '../../../lib/api-client.ts';
import type { LanguageCode } from '../../../lib/languages.ts';

/**
 * POST /api/kyc/consent: records the member's consent to the processing of their face (biometric,
 * sensitive data under Law 058/2021), which the server requires before the first comparison. The
 * version is the one of the text the member was shown: a text changed meanwhile is refused (409
 * consent_version_outdated), never consented to unseen; the language it was shown in is kept with it.
 */
export async function giveKycConsent({ version, language }: { version: string; language: LanguageCode }): Promise<void> {
  const response = await apiFetch('/api/kyc/consent', { method: 'POST', body: { version, language } });
  if (!response.ok) return throwServerError(response);
}

export function useGiveKycConsent() {
  return useMutation({ mutationFn: giveKycConsent });
}
