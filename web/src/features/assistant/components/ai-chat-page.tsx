import { Bot, Lightbulb, Loader2, LogIn, Search, Send, Users } from 'lucide-react';
import { useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { SkeletonRows } from '../../../components/skeleton.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { cn } from '../../../lib/cn.ts';
import { useConversation } from '../api/get-conversation.ts';
import { useGroupRecommendations } from '../api/get-recommendations.ts';
import { useSendChatMessage, type AnswerScreen, type ChatMessage } from '../api/send-chat-message.ts';
import { AnswerLinks, useFollowNewest } from './answer-links.tsx';

/** The page's three quick questions (spec part 2 §2), each sent as the member's own words. */
export const PAGE_QUICK_QUESTIONS = ['savings', 'nextContribution', 'canBorrow'] as const;

interface ShownMessage extends ChatMessage {
  failed?: boolean;
  links?: readonly AnswerScreen[] | undefined;
}

/**
 * /ai-chat (spec part 2 §2): a chat panel and a sidebar of recommended groups and budget tips.
 * The chat opens with one assistant greeting, different signed in and out. Signed out there is no
 * input and no quick questions, only a sign-in button to /?signin=true; signed in, three quick
 * questions, the input (Enter sends; empty or whitespace is not sent; Send disabled while pending
 * or empty), and the member's earlier messages shown again. Find Matches takes a numeric budget.
 */
export function AiChatPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    // The header's grid: the same width and side paddings as the header and every other page.
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-3 lg:px-8" data-testid="page-ai-chat">
      <div className="grid gap-4 lg:col-span-2">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            <Bot className="size-6 text-primary" />
            {t('aiChat.title')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('aiChat.subtitle')}</p>
        </div>
        <ChatPanel signedIn={signedIn} />
      </div>
      <aside className="grid content-start gap-4">
        <RecommendedGroups signedIn={signedIn} />
        <BudgetTips />
      </aside>
    </div>
  );
}

function ChatPanel({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const conversation = useConversation({ enabled: signedIn });
  const past = conversation.data ?? [];
  const [session, setSession] = useState<ShownMessage[]>([]);
  const [draft, setDraft] = useState('');
  const send = useSendChatMessage();
  const localId = useRef(0);
  const pending = send.isPending;
  // The newest message stays in view, inside the panel (never scrolling the page itself): the top
  // of a new answer, or the earlier messages' last once they arrive.
  const newest = useFollowNewest<HTMLDivElement>(`${past.length}:${session.length}:${pending}`);
  const newestId = session.at(-1)?.id ?? past.at(-1)?.id;

  const ask = (text: string) => {
    const message = text.trim();
    if (message === '' || pending || !signedIn) return;
    setDraft('');
    const mine: ShownMessage = { id: `local-${localId.current++}`, role: 'user', content: message, timestamp: new Date().toISOString() };
    setSession((current) => [...current, mine]);
    send.mutate(
      { message, language: i18n.language },
      {
        onSuccess: (answer) => {
          const kept = answer.messages?.find((m) => m.role === 'assistant') ?? { id: `local-${localId.current++}`, role: 'assistant' as const, content: answer.response, timestamp: new Date().toISOString() };
          setSession((current) => [...current, { ...kept, links: answer.links }]);
        },
        onError: (error) => {
          setSession((current) => [...current, { id: `local-${localId.current++}`, role: 'assistant', content: error.message || t('assistant.failed'), timestamp: new Date().toISOString(), failed: true }]);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      ask(draft);
    }
  };

  const greeting: ShownMessage = { id: 'greeting', role: 'assistant', content: signedIn ? t('aiChat.greetingSignedIn') : t('aiChat.greetingSignedOut'), timestamp: '' };
  return (
    <Card className="grid gap-3 p-4">
      <ScrollArea className="h-[26rem] rounded-xl border border-border sm:h-[30rem]">
        <div className="grid gap-3 p-3" data-testid="chat-messages">
          <Bubble message={greeting} time="" testId="chat-greeting" />
          {/* The earlier messages on their way (a disabled query, signed out, is pending for ever). */}
          {signedIn && conversation.isPending && <SkeletonRows count={2} rowRounded="rounded-2xl" rowClassName="h-16 w-3/4 odd:justify-self-end" testId="skeleton-conversation" />}
          {past.length > 0 && (
            <p className="justify-self-center text-xs text-muted-foreground" data-testid="text-earlier-messages">
              {t('aiChat.earlier')}
            </p>
          )}
          {past.map((m) => (
            <Bubble key={m.id} ref={!pending && m.id === newestId ? newest : undefined} message={m} time={format.time(m.timestamp)} testId={`chat-past-${m.role}`} />
          ))}
          {session.map((m) => (
            <Bubble key={m.id} ref={!pending && m.id === newestId ? newest : undefined} message={m} time={format.time(m.timestamp)} testId={`chat-message-${m.role}`} />
          ))}
          {pending && (
            <div ref={newest} className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="chat-pending">
              <Loader2 className="size-4 animate-spin" />
              {t('assistant.thinking')}
            </div>
          )}
        </div>
      </ScrollArea>
      {signedIn ? (
        <>
          <div className="flex flex-wrap gap-2">
            {PAGE_QUICK_QUESTIONS.map((key) => (
              <Button key={key} size="tall" variant="outline" className="max-w-full" disabled={pending} onClick={() => ask(t(`aiChat.questions.${key}`))} data-testid={`button-chat-quick-${key}`}>
                <span className="min-w-0 whitespace-normal text-left">{t(`aiChat.questions.${key}`)}</span>
              </Button>
            ))}
          </div>
          <form className="flex gap-2" onSubmit={submit}>
            <Input
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              disabled={pending}
              maxLength={1000}
              placeholder={t('aiChat.placeholder')}
              aria-label={t('aiChat.placeholder')}
              data-testid="input-chat-message"
            />
            <Button type="submit" disabled={pending || draft.trim() === ''} data-testid="button-chat-send">
              {pending ? <Loader2 className="animate-spin" /> : <Send />}
              <span className="sr-only sm:not-sr-only">{t('assistant.send')}</span>
            </Button>
          </form>
          <p className="text-xs text-muted-foreground">{t('assistant.disclaimerLive')}</p>
        </>
      ) : (
        <div className="grid justify-items-center gap-2 py-2 text-center">
          <p className="text-sm text-muted-foreground">{t('aiChat.signInPrompt')}</p>
          <Button asChild data-testid="button-chat-sign-in">
            <Link to="/?signin=true">
              <LogIn />
              {t('aiChat.signIn')}
            </Link>
          </Button>
        </div>
      )}
    </Card>
  );
}

function Bubble({ message, time, testId, ref }: { message: ShownMessage; time: string; testId: string; ref?: Ref<HTMLDivElement> | undefined }) {
  const mine = message.role === 'user';
  return (
    <div ref={ref} className={cn('grid max-w-[88%] gap-1', mine ? 'justify-self-end' : 'justify-self-start')} data-testid={testId}>
      <p
        className={cn(
          'whitespace-pre-line break-words rounded-2xl px-3 py-2 text-sm',
          mine ? 'bg-primary text-primary-foreground' : message.failed ? 'bg-destructive/10 text-destructive' : 'bg-muted',
        )}
      >
        {message.content}
      </p>
      <AnswerLinks screens={message.links} />
      {time && <time className={cn('text-[11px] text-muted-foreground', mine && 'text-right')}>{time}</time>}
    </div>
  );
}

function RecommendedGroups({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [budgetText, setBudgetText] = useState('');
  const [budget, setBudget] = useState<number | null>(null);
  const recommendations = useGroupRecommendations({ enabled: signedIn, budget });
  const loading = recommendations.isFetching;
  const parsed = Number(budgetText);
  const validBudget = budgetText.trim() !== '' && Number.isFinite(parsed) && parsed > 0;

  const findMatches = (event: FormEvent) => {
    event.preventDefault();
    if (validBudget) setBudget(parsed);
  };

  return (
    <Card className="grid gap-3 p-4" data-testid="card-recommended-groups">
      <h2 className="flex items-center gap-2 font-semibold">
        <Users className="size-4 text-primary" />
        {t('aiChat.recommendedTitle')}
      </h2>
      {!signedIn ? (
        <p className="text-sm text-muted-foreground">{t('aiChat.recommendedSignedOut')}</p>
      ) : (
        <>
          {/* The button's words are long in some languages: it goes under the field rather than cutting the hint. */}
          <form className="flex flex-wrap gap-2" onSubmit={findMatches}>
            <Input
              className="min-w-40 flex-1"
              type="number"
              inputMode="numeric"
              min={1}
              value={budgetText}
              onChange={(event) => setBudgetText(event.target.value)}
              placeholder={t('aiChat.budgetPlaceholder')}
              aria-label={t('aiChat.budgetLabel')}
              data-testid="input-budget"
            />
            <Button type="submit" disabled={loading || !validBudget} data-testid="button-find-matches">
              {loading ? <Loader2 className="animate-spin" /> : <Search />}
              {t('aiChat.findMatches')}
            </Button>
          </form>
          {recommendations.isError && <p className="text-sm text-destructive">{t('aiChat.recommendationsFailed')}</p>}
          {recommendations.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('aiChat.noRecommendations')}</p>}
          <ul className="grid gap-2">
            {recommendations.data?.slice(0, 5).map((r) => (
              <li key={r.id} className="rounded-xl border border-border p-3" data-testid={`card-recommendation-${r.id}`}>
                <Link to={`/tontines/${r.id}`} className="font-medium hover:underline">
                  {r.name}
                </Link>
                <p className="text-xs text-muted-foreground">
                  {format.money(r.contributionAmount)} · {format.frequency(r.frequency)} · {t('aiChat.members', { current: r.currentMembers ?? r.membersCount ?? 0, max: r.maxMembers })}
                </p>
                <p className="text-xs font-semibold text-primary">{t('aiChat.match', { percent: Math.round(r.matchScore * 100) })}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function BudgetTips() {
  const { t } = useTranslation();
  return (
    <Card className="grid gap-2 p-4" data-testid="card-budget-tips">
      <h2 className="flex items-center gap-2 font-semibold">
        <Lightbulb className="size-4 text-accent-foreground" />
        {t('aiChat.tipsTitle')}
      </h2>
      <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
        <li>{t('aiChat.tipSave')}</li>
        <li>{t('aiChat.tipEmergency')}</li>
      </ul>
    </Card>
  );
}
