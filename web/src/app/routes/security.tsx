import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { SecurityPage } from '../../features/auth/components/security-page.tsx';
import { isSignedIn } from '../../lib/session.ts';

/** /security: password, sessions, sign out everywhere. */
export default function SecurityRoute() {
  const { openSignIn } = useSignInDialog();
  return <SecurityPage signedIn={isSignedIn()} onSignIn={() => openSignIn('login')} />;
}
