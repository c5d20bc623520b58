import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { LandingPage } from '../../features/landing/components/landing-page.tsx';

export default function LandingRoute() {
  const { openSignIn } = useSignInDialog();
  return <LandingPage onGetStarted={() => openSignIn('register')} onSignUp={() => openSignIn('register')} />;
}
