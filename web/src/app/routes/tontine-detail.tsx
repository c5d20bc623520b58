import { useParams } from 'react-router-dom';
import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { TontineContributions } from '../../features/contributions/components/tontine-contributions.tsx';
import { PayContributionButton } from '../../features/payments/components/pay-contribution-button.tsx';
import { TontineDetail } from '../../features/tontines/components/tontine-detail.tsx';
import { useUser } from '../../features/users/api/get-user.ts';
import { isSignedIn } from '../../lib/session.ts';

/** /tontines/{id}: the group, with the Pay action and the Contributions tab composed in. */
export default function TontineDetailRoute() {
  const { id = '' } = useParams();
  const { openSignIn } = useSignInDialog();
  const signedIn = isSignedIn();
  const { data: user } = useUser({ enabled: signedIn });
  return (
    <TontineDetail
      key={id}
      id={id}
      signedIn={signedIn}
      onSignIn={() => openSignIn('login')}
      myUserId={user?.id}
      renderPay={(due, tontine) => (
        <PayContributionButton contributionId={due.id} amount={due.amount} tontineName={tontine.name} defaultPhone={user?.phoneNumber} size="default" />
      )}
      contributions={<TontineContributions tontineId={id} />}
    />
  );
}
