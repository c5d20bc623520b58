import { useSignOut } from '../../features/auth/components/use-sign-out.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { UserMenu } from '../../features/users/components/user-menu.tsx';

export default function SignedInControls() {
  const { signOut } = useSignOut();
  return (
    <>
      <NotificationBell />
      <span className="ml-1">
        <UserMenu onLogout={signOut} />
      </span>
    </>
  );
}
