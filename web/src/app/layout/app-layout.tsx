import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { SESSION_KEYS } from '../../lib/session.ts';
import { SignInDialogProvider } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { Header } from './header.tsx';
import { PageSpinner } from './page-spinner.tsx';

/** Every page: header above, the route below (spec part 2: "Each page is wrapped with the header"). */
export function AppLayout() {
  // Signing in or out in another tab changes authentication state here too: reload to match.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEYS.token || event.key === null) window.location.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return (
    <SignInDialogProvider>
      <div className="flex min-h-dvh flex-col">
        <Header />
        <main className="flex-1">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </SignInDialogProvider>
  );
}
