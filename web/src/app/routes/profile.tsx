import { Navigate } from 'react-router-dom';
import { ProfilePage } from '../../features/users/components/profile-page.tsx';
import { isSignedIn } from '../../lib/session.ts';

/** /profile (spec part 2): redirects to / when nobody is signed in. */
export default function ProfileRoute() {
  if (!isSignedIn()) return <Navigate to="/" replace />;
  return <ProfilePage />;
}
