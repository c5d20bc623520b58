import { toastAfterReload } from '../../../hooks/use-toast.ts';
import { isLanguageCode, LANGUAGE_STORAGE_KEY } from '../../../lib/languages.ts';
import { saveAccountLanguage } from '../../../lib/save-account-language.ts';
import { saveSession, type AuthSession } from '../../../lib/session.ts';

/**
 * Stores the session the server answered and schedules the welcome toast for the reloaded
 * page: the whole page reloads whenever authentication state changes (spec part 1 §2.1); the
 * caller reloads once this answers.
 *
 * A language picked in the menu on this device before signing in is the member's latest choice:
 * the page keeps showing it (main.tsx), so the account (notifications, SMS, USSD) follows it too,
 * as the switcher would have made it. Not being able to save it is no reason to refuse the sign-in.
 */
export async function storeSessionWithWelcome(session: AuthSession, welcome: { title: string; description: string }): Promise<void> {
  saveSession(session);
  toastAfterReload(welcome);
  const chosen = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguageCode(chosen) && chosen !== session.user.language) await saveAccountLanguage(chosen).catch(() => undefined);
}
