/** Ports of the in-app notifications a member reads (their SMS and e-mail go through the Outbox). */
import type { NotificationType } from '../tontines/ports.ts';

export interface InAppNotification {
  id: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: Date;
}

/** Every read and change is scoped by the owner's user id. */
export interface InAppNotifications {
  /** The member's newest `limit` notifications, newest first. */
  listForUser(userId: string, limit: number): Promise<InAppNotification[]>;
  /** Undefined when the member has no such notification. */
  markRead(id: string, userId: string): Promise<InAppNotification | undefined>;
}
