import { AgentDashboardPage } from '../../features/agents/components/agent-dashboard-page.tsx';
import { isSignedIn } from '../../lib/session.ts';
import { SignInRequired } from '../layout/sign-in-required.tsx';

/** /agent/dashboard (spec part 2 §2): for signed-in members; a visitor is asked to sign in. */
export default function AgentDashboardRoute() {
  return isSignedIn() ? <AgentDashboardPage /> : <SignInRequired />;
}
