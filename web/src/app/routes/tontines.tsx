import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { useDashboardSummary } from '../../features/dashboard/api/get-dashboard-summary.ts';
import { TontinesPage } from '../../features/tontines/components/tontines-page.tsx';
import { isSignedIn } from '../../lib/session.ts';

/** /tontines: the list, with the member's own figures from the dashboard summary when signed in. */
export default function TontinesRoute() {
  const { openSignIn } = useSignInDialog();
  const signedIn = isSignedIn();
  // A disabled query (signed out) stays pending for ever: only a signed-in member waits for figures.
  const summary = useDashboardSummary({ enabled: signedIn });
  return <TontinesPage signedIn={signedIn} onSignIn={() => openSignIn('login')} figures={summary.data} figuresPending={signedIn && summary.isPending} />;
}
