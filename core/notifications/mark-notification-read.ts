/**
 * MarkNotificationRead: a member marks one of their notifications read.
 *
 * Guarantees
 * - Only their own: another's, or an id of none, is `notification_not_found` and changes nothing.
 * - Marking a read notification again answers it unchanged.
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { InAppNotification, InAppNotifications } from './ports.ts';

export interface MarkNotificationReadDeps {
  notifications: Pick<InAppNotifications, 'markRead'>;
}

export interface MarkNotificationReadInput {
  notificationId: string;
  userId: string;
}

export type MarkNotificationReadError = 'notification_not_found';

export class MarkNotificationRead {
  constructor(private readonly deps: MarkNotificationReadDeps) {}

  async execute(input: MarkNotificationReadInput): Promise<Result<InAppNotification, MarkNotificationReadError>> {
    const read = await this.deps.notifications.markRead(input.notificationId, input.userId);
    return read ? ok(read) : err('notification_not_found');
  }
}
