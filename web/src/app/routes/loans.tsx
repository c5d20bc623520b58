import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { LoansPage } from '../../features/loans/components/loans-page.tsx';
import { useUser } from '../../features/users/api/get-user.ts';
import { isSignedIn } from '../../lib/session.ts';

/** /loans (spec part 2 §2). */
export default function LoansRoute() {
  const { openSignIn } = useSignInDialog();
  const signedIn = isSignedIn();
  const { data: user } = useUser({ enabled: signedIn });
  return <LoansPage signedIn={signedIn} onSignIn={() => openSignIn('login')} phoneNumber={user?.phoneNumber} />;
}
