import { Bot, Loader2, Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { cn } from '../../../lib/cn.ts';
import { isSignedIn } from '../../../lib/session.ts';
import { sendChatMessage, type AnswerScreen } from '../api/send-chat-message.ts';
import { QUICK_QUESTIONS, REPLY_DELAY_MS, replyKeyFor, type QuickQuestion, type ReplyKey } from '../canned-replies.ts';
import { localeFormats } from '../../../lib/locale-format.ts';
import { AnswerLinks, useFollowNewest } from './answer-links.tsx';

interface AssistantMessage {
  id: number;
  role: 'user' | 'assistant';
  /** The member's words or the assistant's answer, or the key of an example answer (translated when shown). */
  content: string | { example: ReplyKey };
  /** The assistant could not answer (the server's words). */
  failed?: boolean;
  /** The screens the answer points to, offered as links. */
  links?: readonly AnswerScreen[] | undefined;
  timestamp: Date;
}

/**
 * The AI assistant modal (spec part 1 §2.10): four quick questions. A signed-in member's question
 * goes to POST /api/ai-assistant/chat and is answered from their own records (DOMAIN "Assistant");
 * signed out, the answers are the canned examples, clearly labelled, after 1.5 s. While an answer
 * is pending the input, the quick questions and Send are disabled.
 * `initialQuestion` opens it with a question ready to send (Ask AI on a learning module). A new
 * answer scrolls into view from its first line; a link under it closes the modal as it leads away.
 */
export function AssistantDialog({ open, onOpenChange, initialQuestion }: { open: boolean; onOpenChange: (open: boolean) => void; initialQuestion?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent closeLabel={t('common.close')} maxWidth="max-w-lg" data-testid="dialog-assistant" aria-describedby="assistant-description">
          <AssistantChat initialQuestion={initialQuestion} onNavigate={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function AssistantChat({ initialQuestion, onNavigate }: { initialQuestion?: string | undefined; onNavigate: () => void }) {
  const { t, i18n } = useTranslation();
  const live = isSignedIn();
  const [messages, setMessages] = useState<AssistantMessage[]>([]);
  const [draft, setDraft] = useState(initialQuestion ?? '');
  const [pending, setPending] = useState(false);
  /** Signed out: the example answer owed to the question asked (its key), shown after REPLY_DELAY_MS. */
  const [exampleOwed, setExampleOwed] = useState<ReplyKey | null>(null);
  const nextId = useRef(1);

  // The delay is this effect's own, cancelled with it: React may end and run an effect again
  // (StrictMode does in development) without the question being asked again, and the answer must
  // still come. A timer cancelled by an unmount-only cleanup was never started again: no answer.
  useEffect(() => {
    if (exampleOwed === null) return;
    const timer = setTimeout(() => {
      setMessages((current) => [...current, { id: nextId.current++, role: 'assistant', content: { example: exampleOwed }, timestamp: new Date() }]);
      setExampleOwed(null);
      setPending(false);
    }, REPLY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [exampleOwed]);

  const ask = (text: string, question: QuickQuestion | null) => {
    const content = text.trim();
    if (content === '' || pending) return;
    setMessages((current) => [...current, { id: nextId.current++, role: 'user', content, timestamp: new Date() }]);
    setDraft('');
    setPending(true);
    if (live) {
      sendChatMessage({ message: content, language: i18n.language })
        .then((answer) => setMessages((current) => [...current, { id: nextId.current++, role: 'assistant', content: answer.response, links: answer.links, timestamp: new Date() }]))
        .catch((error: unknown) =>
          setMessages((current) => [...current, { id: nextId.current++, role: 'assistant', content: error instanceof Error && error.message ? error.message : t('assistant.failed'), failed: true, timestamp: new Date() }]),
        )
        .finally(() => setPending(false));
      return;
    }
    setExampleOwed(replyKeyFor(question));
  };

  // "Ask AI" from a learning module opens the modal with its question asked once.
  const asked = useRef(false);
  useEffect(() => {
    if (initialQuestion && !asked.current) {
      asked.current = true;
      ask(initialQuestion, null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialQuestion]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(draft, null);
  };

  const newest = useFollowNewest<HTMLDivElement>(`${messages.length}:${pending}`);
  const lastId = messages.at(-1)?.id;

  return (
    <>
      <div className="grid gap-1.5 pr-6">
        <DialogTitle className="flex items-center gap-2 text-xl font-semibold">
          <Bot className="size-5 text-primary" />
          {t('assistant.title')}
        </DialogTitle>
        <DialogDescription id="assistant-description" className="text-sm text-muted-foreground">
          {t('assistant.description')}
        </DialogDescription>
      </div>
      <ScrollArea className="h-72 rounded-xl border border-border">
        <div className="grid gap-3 p-3">
          {messages.length === 0 && <p className="py-8 text-center text-sm text-muted-foreground">{t('assistant.empty')}</p>}
          {messages.map((message) => (
            <div
              key={message.id}
              ref={!pending && message.id === lastId ? newest : undefined}
              className={cn('grid max-w-[85%] gap-1', message.role === 'user' ? 'justify-self-end' : 'justify-self-start')}
              data-testid={`assistant-message-${message.role}`}
            >
              {typeof message.content === 'string' ? (
                <p
                  className={cn(
                    'whitespace-pre-line rounded-2xl px-3 py-2 text-sm',
                    message.role === 'user' ? 'bg-primary text-primary-foreground' : message.failed ? 'bg-destructive/10 text-destructive' : 'bg-muted',
                  )}
                >
                  {message.content}
                </p>
              ) : (
                <div className="rounded-2xl bg-muted px-3 py-2 text-sm">
                  <span className="mb-1 inline-block rounded-full bg-accent/30 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide" data-testid="label-example-answer">
                    {t('assistant.exampleLabel')}
                  </span>
                  <p>{t(`assistant.replies.${message.content.example}`)}</p>
                </div>
              )}
              <AnswerLinks screens={message.links} onNavigate={onNavigate} />
              <time className={cn('text-[11px] text-muted-foreground', message.role === 'user' && 'text-right')}>
                {localeFormats(i18n.language).time(message.timestamp)}
              </time>
            </div>
          ))}
          {pending && (
            <div ref={newest}>
              <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label={t('assistant.thinking')} />
            </div>
          )}
        </div>
      </ScrollArea>
      <div className="flex flex-wrap gap-2">
        {QUICK_QUESTIONS.map((question) => (
          <Button key={question} size="tall" variant="outline" className="max-w-full" disabled={pending} onClick={() => ask(t(`assistant.questions.${question}`), question)} data-testid={`button-quick-${question}`}>
            {/* A long question wraps inside the modal at 360 px rather than widening it. */}
            <span className="min-w-0 whitespace-normal text-left">{t(`assistant.questions.${question}`)}</span>
          </Button>
        ))}
      </div>
      <form className="flex gap-2" onSubmit={submit}>
        <Input value={draft} onChange={(event) => setDraft(event.target.value)} disabled={pending} placeholder={t('assistant.placeholder')} aria-label={t('assistant.placeholder')} data-testid="input-assistant" />
        <Button type="submit" size="icon" disabled={pending || draft.trim() === ''} aria-label={t('assistant.send')} data-testid="button-assistant-send">
          <Send />
        </Button>
      </form>
      <p className="text-xs text-muted-foreground">{live ? t('assistant.disclaimerLive') : t('assistant.disclaimer')}</p>
    </>
  );
}
