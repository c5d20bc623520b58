import { useEffect } from 'react';
import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { LandingPage } from '../../features/landing/components/landing-page.tsx';

declare global {
  interface Window {
    /** Set by index.html's inline shell when Get Started was pressed before the app had loaded. */
    __ikiminaIntent?: 'register';
  }
}

export default function LandingRoute() {
  const { openSignIn } = useSignInDialog();
  useEffect(() => {
    if (window.__ikiminaIntent !== 'register') return;
    delete window.__ikiminaIntent;
    openSignIn('register');
  }, [openSignIn]);
  return <LandingPage onGetStarted={() => openSignIn('register')} onSignUp={() => openSignIn('register')} />;
}
