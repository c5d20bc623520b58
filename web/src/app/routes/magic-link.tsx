import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { MagicLinkRedeem } from '../../features/auth/components/magic-link-redeem.tsx';

export default function MagicLinkRoute() {
  const { openSignIn } = useSignInDialog();
  return <MagicLinkRedeem onRequestNewLink={() => openSignIn('login')} />;
}
