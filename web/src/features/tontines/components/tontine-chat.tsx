import { Loader2, Send } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonRows } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { scrollToEndWithin } from '../../../lib/page-scroll.ts';
import { useChat, useSendChatMessage, type ChatMessage } from '../api/chat.ts';
import { chatTimestampStyle, messageToSend } from '../chat-time.ts';
import { MemberAvatar } from './member-avatar.tsx';

/** Group chat (spec part 1 §2.9): 600 px panel, polled every 3 s, Enter sends, Shift+Enter makes a new line. */
export function TontineChat({ tontineId, myUserId }: { tontineId: string; myUserId: string | undefined }) {
  const { t } = useTranslation();
  const { data: messages = [], isPending, isError } = useChat(tontineId, { enabled: true });
  const send = useSendChatMessage(tontineId);
  const [draft, setDraft] = useState('');
  const bottom = useRef<HTMLDivElement>(null);

  // The newest message in view inside the panel only: scrollIntoView also scrolled the page, which
  // then opened ~300 px down (the Chat tab is a member's first), hiding the name and the Pay box.
  useEffect(() => scrollToEndWithin(bottom.current), [messages.length]);

  const submit = () => {
    const text = messageToSend(draft);
    if (text === null || send.isPending) return;
    send.mutate(text, {
      onSuccess: () => setDraft(''),
      onError: () => toast({ variant: 'destructive', title: t('tontines.toast.error'), description: t('tontine.chat.sendFailed') }),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Card className="flex h-[600px] flex-col overflow-hidden" data-testid="panel-chat">
      <ScrollArea className="min-h-0 flex-1">
        <div className="grid gap-4 p-4">
          {isPending && <SkeletonRows count={3} rowClassName="h-16 w-3/4 odd:justify-self-end" testId="skeleton-chat" />}
          {isError && <p className="text-center text-sm text-destructive">{t('tontine.chat.loadFailed')}</p>}
          {!isPending && !isError && messages.length === 0 && (
            <p className="py-16 text-center text-sm text-muted-foreground" data-testid="text-chat-empty">
              {t('tontine.chat.empty')}
            </p>
          )}
          {messages.map((message) => (
            <ChatRow key={message.id} message={message} mine={myUserId !== undefined && message.userId === myUserId} />
          ))}
          <div ref={bottom} />
        </div>
      </ScrollArea>
      <form
        className="flex items-end gap-2 border-t border-border p-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Textarea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          minHeight="min-h-10"
          className="resize-none"
          placeholder={t('tontine.chat.placeholder')}
          aria-label={t('tontine.chat.placeholder')}
          data-testid="input-chat-message"
        />
        <Button type="submit" size="icon" disabled={send.isPending || messageToSend(draft) === null} aria-label={t('tontine.chat.send')} data-testid="button-send-message">
          {send.isPending ? <Loader2 className="animate-spin" /> : <Send />}
        </Button>
      </form>
    </Card>
  );
}

function ChatRow({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const format = useFormatters();
  const at = new Date(message.createdAt);
  const stamp = Number.isNaN(at.getTime()) ? '' : chatTimestampStyle(at, new Date()) === 'time' ? format.time(message.createdAt) : format.date(message.createdAt, 'short');
  if (message.messageType === 'system' || message.messageType === 'payment_notification') {
    return (
      <p className="mx-auto max-w-md rounded-full bg-muted px-3 py-1 text-center text-xs text-muted-foreground" data-testid={`chat-message-${message.id}`}>
        {message.message} · {stamp}
      </p>
    );
  }
  const name = message.userName ?? '—';
  return (
    <div className={cn('flex gap-2', mine && 'flex-row-reverse')} data-testid={`chat-message-${message.id}`}>
      <MemberAvatar name={name} avatar={message.userAvatar} />
      <div className={cn('grid max-w-[80%] gap-1', mine && 'justify-items-end')}>
        <div className="flex items-baseline gap-2 text-xs">
          <span className="font-semibold">{name}</span>
          <time dateTime={message.createdAt} className="text-muted-foreground">
            {stamp}
          </time>
        </div>
        <p className={cn('whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm', mine ? 'bg-primary text-primary-foreground' : 'bg-muted')}>{message.message}</p>
      </div>
    </div>
  );
}
