import { ArrowRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { AnswerScreen } from '../api/send-chat-message.ts';

/** Where each screen an answer points to opens (core/assistant SCREENS): the client's own routes. */
const SCREEN_ROUTES: Readonly<Record<AnswerScreen, string>> = {
  dashboard: '/dashboard',
  verification: '/dashboard?tab=verification',
  loans: '/loans?tab=apply',
  tontines: '/tontines',
  profile: '/profile',
  education: '/education',
};

/** The screens an answer names, as links under it; `onNavigate` closes a dialog the answer is in. */
export function AnswerLinks({ screens, onNavigate }: { screens: readonly AnswerScreen[] | undefined; onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation();
  if (!screens || screens.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="assistant-answer-links">
      {screens.map((screen) => (
        <Button key={screen} asChild variant="outline" size="tall" className="max-w-full">
          <Link to={SCREEN_ROUTES[screen]} onClick={onNavigate} data-testid={`link-answer-${screen}`}>
            <span className="min-w-0 whitespace-normal text-left">{t(`assistant.links.${screen}`)}</span>
            <ArrowRight />
          </Link>
        </Button>
      ))}
    </div>
  );
}

/**
 * Keeps the newest message in view inside its scroll area (never scrolling the page): the top of a
 * new answer, so that a long one is read from its first line. Attach the ref to the newest entry.
 */
export function useFollowNewest<T extends HTMLElement>(newestKey: unknown) {
  const newest = useRef<T>(null);
  useEffect(() => {
    const element = newest.current;
    const viewport = element?.closest('[data-radix-scroll-area-viewport]');
    if (!element || !viewport) return;
    const top = element.getBoundingClientRect().top - viewport.getBoundingClientRect().top + viewport.scrollTop;
    viewport.scrollTop = Math.max(0, top - 8);
  }, [newestKey]);
  return newest;
}
