import { apiFetch, throwServerError } from './api-client.ts';
import type { LanguageCode } from './languages.ts';
import { readToken, updateStoredSession } from './session.ts';

/**
 * PUT /api/profile/language: the language the signed-in member's account is written to in (SMS,
 * e-mails, USSD menus, the assistant) follows the one they pick in the menu. Signed out, the
 * choice stays this browser's alone. The stored session is brought up to date, so the next visit
 * opens in it too.
 */
export async function saveAccountLanguage(language: LanguageCode): Promise<void> {
  if (readToken() === null) return;
  const response = await apiFetch('/api/profile/language', { method: 'PUT', body: { language } });
  if (!response.ok) return throwServerError(response);
  updateStoredSession({ language });
}
