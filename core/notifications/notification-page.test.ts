import { describe, expect, it } from 'vitest';
import { ListNotificationPage, MAX_PAGE_SIZE } from './list-notification-page.ts';
import { MarkAllNotificationsRead } from './mark-all-notifications-read.ts';
import { aNotification, InMemoryNotifications } from './notifications.fixtures.ts';

/** 25 notifications of u1, one a minute (n00 oldest … n24 newest), two of them at the same instant; one of u2. */
function store() {
  const notifications = new InMemoryNotifications();
  for (let i = 0; i < 25; i++) {
    const minute = i === 13 ? 12 : i; // n12 and n13 share an instant: the id orders them
    notifications.items.push(aNotification({ id: `n${String(i).padStart(2, '0')}`, isRead: i < 20, createdAt: new Date(Date.UTC(2026, 10, 20, 10, minute)) }));
  }
  notifications.items.push(aNotification({ id: 'other', userId: 'u2' }));
  return notifications;
}

describe('ListNotificationPage', () => {
  it('pages through the member’s own notifications, newest first, each once, and says when there is no more', async () => {
    const list = new ListNotificationPage({ notifications: store() });
    const seen: string[] = [];
    let page = await list.execute({ userId: 'u1', limit: 10 });
    const pages = [page];
    while (page.next) pages.push((page = await list.execute({ userId: 'u1', after: page.next, limit: 10 })));
    for (const p of pages) seen.push(...p.notifications.map((n) => n.id));
    expect(pages.map((p) => p.notifications.length)).toEqual([10, 10, 5]);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `n${String(24 - i).padStart(2, '0')}`));
    expect(pages.at(-1)!.next).toBeNull();
    expect(pages.every((p) => p.unreadCount === 5)).toBe(true);
  });

  it('a notification arriving between pages neither repeats one nor hides one', async () => {
    const notifications = store();
    const list = new ListNotificationPage({ notifications });
    const first = await list.execute({ userId: 'u1', limit: 10 });
    notifications.items.push(aNotification({ id: 'late', createdAt: new Date('2026-11-20T11:00:00Z') }));
    const second = await list.execute({ userId: 'u1', after: first.next!, limit: 10 });
    expect(second.notifications[0]!.id).toBe('n14');
    expect(second.unreadCount).toBe(6);
  });

  it(`keeps the page between 1 and ${MAX_PAGE_SIZE}`, async () => {
    const list = new ListNotificationPage({ notifications: store() });
    expect((await list.execute({ userId: 'u1', limit: 0 })).notifications).toHaveLength(1);
    expect((await list.execute({ userId: 'u1', limit: 500 })).notifications).toHaveLength(25);
    expect((await list.execute({ userId: 'u2' })).notifications.map((n) => n.id)).toEqual(['other']);
  });
});

describe('MarkAllNotificationsRead', () => {
  it('marks every unread notification of the member read, nobody else’s; again, it changes nothing', async () => {
    const notifications = store();
    const markAll = new MarkAllNotificationsRead({ notifications });
    expect(await markAll.execute({ userId: 'u1' })).toEqual({ marked: 5 });
    expect(await notifications.countUnread('u1')).toBe(0);
    expect(await notifications.countUnread('u2')).toBe(1);
    expect(await markAll.execute({ userId: 'u1' })).toEqual({ marked: 0 });
  });
});
