import { AgentRegisterPage } from '../../features/agents/components/agent-register-page.tsx';
import { isSignedIn } from '../../lib/session.ts';
import { SignInRequired } from '../layout/sign-in-required.tsx';

/** /agent/register (spec part 2 §2, §5, §8): for signed-in members; a visitor is asked to sign in. */
export default function AgentRegisterRoute() {
  return isSignedIn() ? <AgentRegisterPage /> : <SignInRequired />;
}
