import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Translator } from '../lib/i18n.ts';
import { I18nProvider } from '../lib/use-translation.ts';
import { hasToastToShow, useToasts } from '../hooks/use-toast.ts';
import { useWhenIdle } from '../hooks/use-when-idle.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { isSignedIn } from '../lib/session.ts';
import { AppRoutes } from './router.tsx';

/** The whole app; `i18n` comes ready in the member's language (main.tsx loads it first). */
export function App({ i18n }: { i18n: Translator }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppRoutes />
        <DeferredToaster />
      </QueryClientProvider>
    </I18nProvider>
  );
}

// The toasts' code (radix toast) loads at once when there is a toast to show, and for a signed-in
// member also once the page is idle; signed out (a first visit on a slow link) only when needed.
const Toaster = lazy(() => import('../components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

function DeferredToaster() {
  const idle = useWhenIdle();
  useToasts(); // re-render when a toast is raised before the toaster is loaded
  if (!(idle && isSignedIn()) && !hasToastToShow()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
