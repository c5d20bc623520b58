/**
 * ListNotificationPage: a member reads their notifications whole, a page at a time (/notifications),
 * where the bell shows the newest few cut to two lines.
 *
 * Guarantees
 * - Their own only, newest first (by time, then id), `limit` at a time (1 to MAX_PAGE_SIZE).
 * - Pages continue one another: the next page starts after the last one shown, so a notification
 *   that arrives meanwhile neither repeats nor hides one; `next` is null on the last page.
 * - `unreadCount` counts all their unread notifications, not only the page's.
 */
import type { InAppNotification, InAppNotifications, NotificationPosition } from './ports.ts';

export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

export interface ListNotificationPageDeps {
  notifications: Pick<InAppNotifications, 'listPage' | 'countUnread'>;
}

export interface ListNotificationPageInput {
  userId: string;
  after?: NotificationPosition;
  limit?: number;
}

export interface NotificationPage {
  notifications: InAppNotification[];
  next: NotificationPosition | null;
  unreadCount: number;
}

export class ListNotificationPage {
  constructor(private readonly deps: ListNotificationPageDeps) {}

  async execute(input: ListNotificationPageInput): Promise<NotificationPage> {
    const limit = Math.min(Math.max(1, Math.trunc(input.limit ?? PAGE_SIZE)), MAX_PAGE_SIZE);
    // One more than shown tells whether a next page exists without a count.
    const found = await this.deps.notifications.listPage(input.userId, input.after, limit + 1);
    const notifications = found.slice(0, limit);
    const last = notifications.at(-1);
    return {
      notifications,
      next: found.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
      unreadCount: await this.deps.notifications.countUnread(input.userId),
    };
  }
}
