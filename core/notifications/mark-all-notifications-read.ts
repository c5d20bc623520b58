/**
 * MarkAllNotificationsRead: a member marks every one of their notifications read at once
 * (/notifications, "Mark all as read").
 *
 * Guarantees
 * - Only their own: it takes no id, and nobody else's notification changes.
 * - Answers how many were unread and are read now (0 when none was: doing it again changes nothing).
 */
import type { InAppNotifications } from './ports.ts';

export interface MarkAllNotificationsReadDeps {
  notifications: Pick<InAppNotifications, 'markAllRead'>;
}

export class MarkAllNotificationsRead {
  constructor(private readonly deps: MarkAllNotificationsReadDeps) {}

  async execute(input: { userId: string }): Promise<{ marked: number }> {
    return { marked: await this.deps.notifications.markAllRead(input.userId) };
  }
}
