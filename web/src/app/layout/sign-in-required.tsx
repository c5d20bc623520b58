import { LogIn } from 'lucide-react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Button } from '../../components/ui/button.tsx';

/** What a signed-out visitor sees on a page that needs an account (agent and merchant areas). */
export function SignInRequired() {
  const { t } = useTranslation();
  const { openSignIn } = useSignInDialog();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <EmptyState title={t('business.signInTitle')} text={t('business.signInText')} testId="state-sign-in-required">
        <Button onClick={() => openSignIn('login')} data-testid="button-sign-in-required">
          <LogIn />
          {t('header.signIn')}
        </Button>
      </EmptyState>
    </div>
  );
}
