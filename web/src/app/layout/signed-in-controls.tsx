import { useEndedSession, useSignOut } from '../../features/auth/components/use-sign-out.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useProfileCompletion } from '../../features/users/api/get-profile-completion.ts';
import { UserMenu } from '../../features/users/components/user-menu.tsx';

export default function SignedInControls() {
  const { signOut } = useSignOut();
  // The same query the user menu shows (shared through the query cache): a 401 ends the session here.
  useEndedSession(useProfileCompletion({ enabled: true }).error);
  return (
    <>
      <NotificationBell />
      <span className="ml-1">
        <UserMenu onLogout={signOut} />
      </span>
    </>
  );
}
