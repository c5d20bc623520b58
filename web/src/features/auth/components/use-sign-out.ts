import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastAfterReload } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';
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
 * from another device, password changed or reset): the browser is signed out with a word why,
 * instead of showing a signed-in page whose every call fails. `error` is the error of any query
 * the signed-in header makes.
 */
export function useEndedSession(error: unknown): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    clearSession();
    toastAfterReload({ title: t('security.sessionEnded.title'), description: t('security.sessionEnded.description') });
    window.location.reload();
  }, [error, t]);
}
