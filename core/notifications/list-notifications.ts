/**
 * ListNotifications: a member reads their in-app notifications.
 *
 * Guarantees
 * - Their own only, the newest NOTIFICATIONS_SHOWN, newest first.
 */
import type { InAppNotification, InAppNotifications } from './ports.ts';

export const NOTIFICATIONS_SHOWN = 50;

export interface ListNotificationsDeps {
  notifications: Pick<InAppNotifications, 'listForUser'>;
}

export interface ListNotificationsInput {
  userId: string;
}

export class ListNotifications {
  constructor(private readonly deps: ListNotificationsDeps) {}

  execute(input: ListNotificationsInput): Promise<InAppNotification[]> {
    return this.deps.notifications.listForUser(input.userId, NOTIFICATIONS_SHOWN);
  }
}
