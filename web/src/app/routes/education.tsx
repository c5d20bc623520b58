import { useState } from 'react';
import { AssistantDialog } from '../../features/assistant/components/assistant-dialog.tsx';
import { EducationPage } from '../../features/education/components/education-page.tsx';
import { isSignedIn } from '../../lib/session.ts';

/** /education (spec part 2): Ask AI opens the assistant modal with a question about the module. */
export default function EducationRoute() {
  const [question, setQuestion] = useState<string | null>(null);
  return (
    <>
      <EducationPage signedIn={isSignedIn()} onAskAi={setQuestion} />
      <AssistantDialog open={question !== null} onOpenChange={(open) => !open && setQuestion(null)} initialQuestion={question ?? undefined} />
    </>
  );
}
