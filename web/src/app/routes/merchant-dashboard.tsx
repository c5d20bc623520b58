import { MerchantDashboardPage } from '../../features/merchants/components/merchant-dashboard-page.tsx';
import { isSignedIn } from '../../lib/session.ts';
import { SignInRequired } from '../layout/sign-in-required.tsx';

/** /merchant/dashboard (spec part 2 §2): for signed-in members; a visitor is asked to sign in. */
export default function MerchantDashboardRoute() {
  return isSignedIn() ? <MerchantDashboardPage /> : <SignInRequired />;
}
