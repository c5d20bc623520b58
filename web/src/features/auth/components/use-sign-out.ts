import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toastAfterReload } from '../../../hooks/use-toast.ts';
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
