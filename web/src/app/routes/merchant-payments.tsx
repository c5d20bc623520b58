import { MerchantPaymentsPage } from '../../features/merchants/components/merchant-payments-page.tsx';
import { isSignedIn } from '../../lib/session.ts';
import { SignInRequired } from '../layout/sign-in-required.tsx';

/** /merchant/payments (spec part 2 §2): for signed-in members; a visitor is asked to sign in. */
export default function MerchantPaymentsRoute() {
  return isSignedIn() ? <MerchantPaymentsPage /> : <SignInRequired />;
}
