import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page.tsx';

/** /auth/reset-password#token=… (the e-mailed password-reset link). */
export default function ResetPasswordRoute() {
  const { openSignIn } = useSignInDialog();
  return <ResetPasswordPage onSignIn={() => openSignIn('login')} />;
}
