import { lazy } from 'react';
import { isSignedIn } from '../../lib/session.ts';

const LandingRoute = lazy(() => import('./landing.tsx'));
const RedirectHub = lazy(() => import('./redirect-hub.tsx'));

/** Route / (spec part 2 route table): the redirect hub when signed in, else the landing page. */
export default function HomeRoute() {
  return isSignedIn() ? <RedirectHub /> : <LandingRoute />;
}
