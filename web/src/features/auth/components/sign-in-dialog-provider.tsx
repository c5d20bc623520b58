import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../../hooks/use-toast.ts';
import type { SignInMode } from './sign-in-dialog.tsx';

// The dialog (forms, validation, zod) loads the first time someone opens it, not with the page.
const SignInDialog = lazy(() => import('./sign-in-dialog.tsx').then((module) => ({ default: module.SignInDialog })));

interface SignInDialogControl {
  openSignIn: (mode?: SignInMode) => void;
}

const SignInDialogContext = createContext<SignInDialogControl | null>(null);

/**
 * One sign-in dialog for the whole app, opened from the header, the landing page or any screen
 * that needs a signed-in member. `?signin=true` opens it (links from signed-out pages) and
 * `?signin_error=<code>` reports a failed single sign-on; both parameters are then removed so a
 * reload does not repeat them.
 */
export function SignInDialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ open: boolean; mode: SignInMode }>({ open: false, mode: 'login' });
  const [wanted, setWanted] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();

  const openSignIn = useCallback((mode: SignInMode = 'login') => {
    setWanted(true);
    setState({ open: true, mode });
  }, []);

  useEffect(() => {
    const wantsSignIn = searchParams.get('signin') === 'true';
    const signInError = searchParams.get('signin_error');
    if (!wantsSignIn && signInError === null) return;
    if (wantsSignIn) openSignIn('login');
    if (signInError !== null) {
      toast({
        variant: 'destructive',
        title: t('auth.toast.signInErrorTitle'),
        description: t('auth.toast.signInErrorDescription'),
      });
    }
    const remaining = new URLSearchParams(searchParams);
    remaining.delete('signin');
    remaining.delete('signin_error');
    setSearchParams(remaining, { replace: true });
  }, [searchParams, setSearchParams, openSignIn, t]);

  const control = useMemo(() => ({ openSignIn }), [openSignIn]);

  return (
    <SignInDialogContext.Provider value={control}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <SignInDialog
            open={state.open}
            initialMode={state.mode}
            onOpenChange={(open) => setState((current) => ({ ...current, open }))}
          />
        </Suspense>
      )}
    </SignInDialogContext.Provider>
  );
}

export function useSignInDialog(): SignInDialogControl {
  const control = useContext(SignInDialogContext);
  if (control === null) throw new Error('useSignInDialog must be used inside SignInDialogProvider');
  return control;
}
