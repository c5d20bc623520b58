import { MerchantRegisterPage } from '../../features/merchants/components/merchant-register-page.tsx';
import { isSignedIn } from '../../lib/session.ts';
import { SignInRequired } from '../layout/sign-in-required.tsx';

/** /merchant/register (spec part 2 §2, §5, §8): for signed-in members; a visitor is asked to sign in. */
export default function MerchantRegisterRoute() {
  return isSignedIn() ? <MerchantRegisterPage /> : <SignInRequired />;
}
