import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isSignedIn } from '../../lib/session.ts';
import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { DashboardWelcome } from '../../features/dashboard/components/dashboard-welcome.tsx';
import { ProfileHeader } from '../../features/users/components/profile-header.tsx';

/** /dashboard: the welcome page when signed out; for now only the profile header when signed in. */
export default function DashboardRoute() {
  const { t } = useTranslation();
  const { openSignIn } = useSignInDialog();
  if (!isSignedIn()) return <DashboardWelcome onSignIn={() => openSignIn('login')} />;
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <ProfileHeader />
      <p className="flex items-center gap-2 rounded-xl border border-dashed border-border px-4 py-3 text-sm text-muted-foreground" data-testid="text-dashboard-coming">
        <Sparkles className="size-4 shrink-0 text-primary" />
        {t('dashboard.onItsWay')}
      </p>
    </div>
  );
}
