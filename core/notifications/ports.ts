/** Ports of the in-app notifications a member reads (their SMS and e-mail go through the Outbox). */
import type { Language } from '../accounts/user.ts';
import type { NotificationType } from '../tontines/ports.ts';
import type { OutgoingMessage } from './outbox.ts';

export interface InAppNotification {
  id: string;
  userId: string;
  type: NotificationType;
  /** The text as first written, in the member's language of the time: what is shown when there is no template. */
  title: string;
  message: string;
  /** The template it is rendered from when read, in the reader's language now; absent on notifications written before templates were kept. */
  template?: { key: string; params: Readonly<Record<string, string>> };
  isRead: boolean;
  createdAt: Date;
}

/** Where a page of notifications ends: the last one shown (newest first: by time, then id). */
export interface NotificationPosition {
  createdAt: Date;
  id: string;
}

/** Every read and change is scoped by the owner's user id. */
export interface InAppNotifications {
  /** The member's newest `limit` notifications, newest first. */
  listForUser(userId: string, limit: number): Promise<InAppNotification[]>;
  /** The member's `limit` newest notifications older than `after` (all when absent), newest first, by time then id. */
  listPage(userId: string, after: NotificationPosition | undefined, limit: number): Promise<InAppNotification[]>;
  countUnread(userId: string): Promise<number>;
  /** Undefined when the member has no such notification. */
  markRead(id: string, userId: string): Promise<InAppNotification | undefined>;
  /** Marks every unread notification of the member read; answers how many. */
  markAllRead(userId: string): Promise<number>;
}

/** What a notification needs to reach a member, in their language. */
export interface Recipient {
  id: string;
  email: string | null;
  phoneNumber: string | null;
  firstName: string;
  language: Language;
}

export interface NotificationRecipients {
  /** The members to notify, by id (one read for many; unknown ids absent). */
  recipients(userIds: readonly string[]): Promise<Map<string, Recipient>>;
}

/** Writes in-app notifications, each with the outbox messages it causes, in the caller's unit of work. */
export interface NotificationWriter {
  addAll(notices: readonly { notification: InAppNotification; messages: readonly (OutgoingMessage & { id: string })[] }[]): Promise<void>;
}
