import { AiChatPage } from '../../features/assistant/components/ai-chat-page.tsx';
import { isSignedIn } from '../../lib/session.ts';

/** /ai-chat (spec part 2 §2). */
export default function AiChatRoute() {
  return <AiChatPage signedIn={isSignedIn()} />;
}
