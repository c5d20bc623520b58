import { useCallback, useEffect } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { toastAfterReload } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { clearSession, endSession } from '../../../lib/session.ts';
import { useLogout } from '../api/logout.ts';

/** Logout (spec part 1 §4): tell the server, clear the three keys, toast, reload. */
export function useSignOut(): { signOut: () => void; isSigningOut: boolean } {
  const { t } = useTranslation();
  const { mutate, isPending } = useLogout();
  const signOut = useCallback(() => {
    mutate(undefined, {
      onSettled: () => {
        clearSession();
        toastAfterReload({ title: t('auth.toast.loggedOut'), description: t('auth.toast.loggedOutDescription') });
        window.location.reload();
      },
    });
  }, [mutate, t]);
  return { signOut, isSigningOut: isPending };
}

/**
 * A stored token the server no longer accepts (idle for 30 minutes, 12 hours old, signed out
 * from another device, password changed or reset). api-client.ts already ends the session on any
 * such 401 (the app layout then says why, opens the sign-in dialog and keeps the page); this hook
 * makes sure of it for an error that reached a screen some other way.
 */
export function useEndedSession(error: unknown): void {
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) endSession();
  }, [error]);
}
