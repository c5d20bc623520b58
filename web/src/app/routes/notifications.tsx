import { NotificationsPage } from '../../features/notifications/components/notifications-page.tsx';
import { isSignedIn } from '../../lib/session.ts';
import { SignInRequired } from '../layout/sign-in-required.tsx';

/** /notifications (the bell's "See all"): for signed-in members; a visitor is asked to sign in. */
export default function NotificationsRoute() {
  return isSignedIn() ? <NotificationsPage /> : <SignInRequired />;
}
