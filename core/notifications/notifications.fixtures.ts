/** An in-memory store of in-app notifications for core tests: the Postgres adapter's rules, on a list. */
import type { InAppNotification, InAppNotifications, NotificationPosition } from './ports.ts';

const newestFirst = (a: InAppNotification, b: InAppNotification) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
const isOlder = (n: InAppNotification, after: NotificationPosition) => n.createdAt.getTime() < after.createdAt.getTime() || (n.createdAt.getTime() === after.createdAt.getTime() && n.id < after.id);

export class InMemoryNotifications implements InAppNotifications {
  readonly items: InAppNotification[] = [];

  private of(userId: string) {
    return this.items.filter((n) => n.userId === userId).sort(newestFirst);
  }
  async listForUser(userId: string, limit: number) {
    return this.of(userId).slice(0, limit);
  }
  async listPage(userId: string, after: NotificationPosition | undefined, limit: number) {
    return this.of(userId)
      .filter((n) => !after || isOlder(n, after))
      .slice(0, limit);
  }
  async countUnread(userId: string) {
    return this.of(userId).filter((n) => !n.isRead).length;
  }
  async markRead(id: string, userId: string) {
    const found = this.items.find((n) => n.id === id && n.userId === userId);
    if (found) found.isRead = true;
    return found && { ...found };
  }
  async markAllRead(userId: string) {
    const unread = this.items.filter((n) => n.userId === userId && !n.isRead);
    for (const n of unread) n.isRead = true;
    return unread.length;
  }
}

export const aNotification = (overrides: Partial<InAppNotification> = {}): InAppNotification => ({
  id: 'n1',
  userId: 'u1',
  type: 'other',
  title: 'Business verified',
  message: 'Ikimina: Kigali Corner Shop is verified and accepts payments now.',
  isRead: false,
  createdAt: new Date('2026-11-20T10:00:00Z'),
  ...overrides,
});
