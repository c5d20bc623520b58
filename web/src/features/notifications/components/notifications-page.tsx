import { AlertCircle, Check, CheckCheck, Loader2 } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SkeletonRows } from '../../../components/skeleton.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { relativeTimeText } from '../../../lib/relative-time-text.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNotificationPages } from '../api/get-notification-page.ts';
import type { Notification } from '../api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { NotificationIcon } from './notification-icon.tsx';

/**
 * /notifications (this project's addition; the bell's "See all"): every notification whole, newest
 * first, a page at a time from the server ("Show older notifications"), read one by one or all at
 * once. Loading, empty and failed states of their own.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const pages = useNotificationPages();
  const markAll = useMarkAllNotificationsRead();
  const notifications = pages.data?.pages.flatMap((page) => page.notifications) ?? [];
  // The newest page's count: every page refetches together, so they agree.
  const unread = pages.data?.pages[0]?.unreadCount ?? 0;

  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onError: () => toast({ variant: 'destructive', title: t('notifications.errorTitle'), description: t('notificationsPage.markAllFailed') }),
    });

  let body;
  if (pages.isPending) {
    body = <SkeletonRows count={5} rowRounded="rounded-xl" rowClassName="h-24" testId="skeleton-notifications-page" />;
  } else if (pages.isError) {
    body = (
      <Card tone="error" className="flex flex-col items-center gap-3 p-6 text-center" role="alert" data-testid="state-notifications-failed">
        <AlertCircle className="size-8" />
        <p className="text-sm">{t('notificationsPage.loadFailed')}</p>
        <Button variant="outline" onClick={() => void pages.refetch()} data-testid="button-retry-notifications">
          {t('notificationsPage.retry')}
        </Button>
      </Card>
    );
  } else if (notifications.length === 0) {
    body = <EmptyState title={t('notifications.empty')} text={t('notificationsPage.emptyText')} testId="state-no-notifications" />;
  } else {
    body = (
      <div className="grid gap-4">
        <ul className="grid gap-3" data-testid="list-notifications">
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ul>
        {pages.hasNextPage ? (
          <Button variant="outline" className="justify-self-center" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage} data-testid="button-older-notifications">
            {pages.isFetchingNextPage && <Loader2 className="animate-spin" />}
            {pages.isFetchingNextPage ? t('notificationsPage.loadingOlder') : t('notificationsPage.older')}
          </Button>
        ) : (
          <p className="text-center text-xs text-muted-foreground" data-testid="text-no-older-notifications">
            {t('notificationsPage.noOlder')}
          </p>
        )}
        {pages.isFetchNextPageError && (
          <p role="alert" className="text-center text-sm text-destructive" data-testid="text-older-failed">
            {t('notificationsPage.olderFailed')}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight" data-testid="text-notifications-title">
            {t('notifications.title')}
          </h1>
          <p className="mt-2 text-muted-foreground" data-testid="text-notifications-unread">
            {pages.isSuccess && unread > 0 ? t('notifications.unread', { count: unread }) : t('notificationsPage.subtitle')}
          </p>
        </div>
        {unread > 0 && (
          <Button variant="outline" className="self-start sm:self-auto" onClick={onMarkAll} disabled={markAll.isPending} data-testid="button-mark-all-read">
            {markAll.isPending ? <Loader2 className="animate-spin" /> : <CheckCheck />}
            {t('notificationsPage.markAllRead')}
          </Button>
        )}
      </header>
      {body}
    </div>
  );
}

function NotificationItem({ notification }: { notification: Notification }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const markRead = useMarkNotificationRead();
  const read = () =>
    markRead.mutate(notification.id, {
      onError: () => toast({ variant: 'destructive', title: t('notifications.errorTitle'), description: t('notifications.markFailed') }),
    });

  return (
    <li
      className={cn('flex gap-3 rounded-xl border p-4', notification.isRead ? 'border-border' : 'border-primary/30 bg-secondary/40')}
      data-testid={`item-notification-${notification.id}`}
      data-read={notification.isRead}
    >
      <NotificationIcon type={notification.type} />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className={cn('break-words text-sm', !notification.isRead && 'font-semibold')}>{notification.title}</p>
        {/* Whole: the bell cuts it at two lines. */}
        <p className="whitespace-pre-line break-words text-sm text-muted-foreground" data-testid="text-notification-message">
          {notification.message}
        </p>
        <time dateTime={notification.createdAt} title={`${format.date(notification.createdAt)} ${format.time(notification.createdAt)}`} className="text-xs text-muted-foreground">
          {relativeTimeText(t, i18n.language, new Date(notification.createdAt))}
        </time>
      </div>
      {!notification.isRead && (
        <Button variant="ghost" size="icon-sm" onClick={read} disabled={markRead.isPending} aria-label={t('notifications.markAsRead')} title={t('notifications.markAsRead')} data-testid={`button-mark-read-${notification.id}`}>
          <Check />
        </Button>
      )}
    </li>
  );
}
