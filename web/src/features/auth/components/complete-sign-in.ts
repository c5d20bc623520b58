import { toastAfterReload } from '../../../hooks/use-toast.ts';
import { saveSession, type AuthSession } from '../../../lib/session.ts';

/**
 * Stores the session the server answered and schedules the welcome toast for the reloaded
 * page: the whole page reloads whenever authentication state changes (spec part 1 §2.1).
 */
export function storeSessionWithWelcome(session: AuthSession, welcome: { title: string; description: string }): void {
  saveSession(session);
  toastAfterReload(welcome);
}
