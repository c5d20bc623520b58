import { Bell, Check, ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SkeletonRows } from '../../../components/skeleton.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { relativeTimeText } from '../../../lib/relative-time-text.ts';
import { useNotifications, type Notification } from '../api/get-notifications.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { unreadBadgeText } from '../unread-badge.ts';
import { NotificationIcon } from './notification-icon.tsx';

/** The header's notification bell (spec part 1 §2.1, §4); rendered only for signed-in members. */
export function NotificationBell() {
  const { t } = useTranslation();
  const list = useNotifications({ enabled: true });
  const notifications = list.data ?? [];
  const markRead = useMarkNotificationRead();
  const unread = notifications.filter((notification) => !notification.isRead).length;
  const badge = unreadBadgeText(unread);

  const read = (notification: Notification) => {
    if (notification.isRead) return;
    markRead.mutate(notification.id, {
      onError: () => toast({ variant: 'destructive', title: t('notifications.errorTitle'), description: t('notifications.markFailed') }),
    });
  };

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" data-testid="button-notifications">
          <Bell />
          {badge !== null && (
            <span
              className="absolute right-1 top-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-destructive-foreground"
              data-testid="badge-unread-count"
            >
              {badge}
            </span>
          )}
          {/* The name from the content, the unread count first: what is seen is part of what is read out (WCAG 2.5.3). */}
          <span className="sr-only"> {t('notifications.open')}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(22rem,calc(100vw-1rem))] p-0">
        <div className="flex items-center justify-between border-b border-border px-4 py-3">
          <h2 className="text-sm font-semibold">{t('notifications.title')}</h2>
          {unread > 0 && <span className="text-xs text-muted-foreground">{t('notifications.unread', { count: unread })}</span>}
        </div>
        {/* Spec part 1 §2.1: the list scrolls inside a 400 px area. */}
        <ScrollArea className="h-[400px]">
          {list.isPending ? (
            <SkeletonRows count={4} className="p-4" rowClassName="h-14" testId="skeleton-notifications" />
          ) : notifications.length === 0 ? (
            <div className="flex h-[400px] flex-col items-center justify-center gap-2 text-muted-foreground">
              <Bell className="size-8 opacity-40" />
              <p className="text-sm" data-testid="text-no-notifications">
                {t('notifications.empty')}
              </p>
            </div>
          ) : (
            <ul className="divide-y divide-border">
              {notifications.map((notification) => (
                <NotificationRow key={notification.id} notification={notification} onRead={read} />
              ))}
            </ul>
          )}
        </ScrollArea>
        {/* The list above cuts each message at two lines: the page shows them whole, and all of them. */}
        <div className="border-t border-border p-1">
          <PopoverClose asChild>
            <Button asChild variant="ghost" className="w-full">
              <Link to="/notifications" data-testid="link-all-notifications">
                {t('notifications.seeAll')}
                <ChevronRight />
              </Link>
            </Button>
          </PopoverClose>
        </div>
      </PopoverContent>
    </Popover>
  );
}

function NotificationRow({ notification, onRead }: { notification: Notification; onRead: (n: Notification) => void }) {
  const { t, i18n } = useTranslation();
  const when = new Date(notification.createdAt);
  const timeText = relativeTimeText(t, i18n.language, when);

  return (
    <li className={cn('flex gap-3 px-4 py-3 transition-colors hover:bg-muted/60', !notification.isRead && 'bg-secondary/40')}>
      <button
        type="button"
        onClick={() => onRead(notification)}
        className="flex min-w-0 flex-1 gap-3 text-left cursor-pointer"
        data-testid={`notification-${notification.id}`}
      >
        <NotificationIcon type={notification.type} />
        <span className="grid min-w-0 gap-0.5">
          <span className={cn('truncate text-sm', !notification.isRead && 'font-semibold')}>{notification.title}</span>
          {/* In full: a notification is a text message's length, and cut short it would read as another one ("we received your 5,000 RWF contribution to Demo: M…"). */}
          <span className="text-sm text-muted-foreground">{notification.message}</span>
          <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
            {timeText}
          </time>
        </span>
      </button>
      {!notification.isRead && (
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={() => onRead(notification)}
          aria-label={t('notifications.markAsRead')}
          data-testid={`button-mark-read-${notification.id}`}
        >
          <Check />
        </Button>
      )}
    </li>
  );
}
