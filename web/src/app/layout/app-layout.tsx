import { Suspense, useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Outlet } from 'react-router-dom';
import { toastAfterReload } from '../../hooks/use-toast.ts';
import { onSessionEnded, SESSION_KEYS, signInAgainPath } from '../../lib/session.ts';
import { SignInDialogProvider } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { Header } from './header.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { ScrollOnNavigation } from './scroll-on-navigation.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';

/** Every page: header above, the route below (spec part 2: "Each page is wrapped with the header"). */
export function AppLayout() {
  const { t } = useTranslation();
  // Signing in or out in another tab changes authentication state here too: reload to match.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEYS.token || event.key === null) window.location.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Any call the server refuses for an ended session (api-client.ts): say why, and show this same
  // page signed out with the sign-in dialog open; signing in reloads it, so the member is back here.
  useEffect(
    () =>
      onSessionEnded(() => {
        toastAfterReload({ title: t('security.sessionEnded.title'), description: t('security.sessionEnded.description') });
        window.location.replace(signInAgainPath(window.location));
      }),
    [t],
  );

  return (
    <SignInDialogProvider>
      <ScrollOnNavigation />
      <div className="flex min-h-dvh flex-col">
        <Header />
        <OfflineBanner />
        <main className="flex-1">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </SignInDialogProvider>
  );
}
