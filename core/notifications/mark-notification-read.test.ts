import { describe, expect, it } from 'vitest';
import { err } from '../shared/result.ts';
import { MarkNotificationRead } from './mark-notification-read.ts';
import { aNotification, InMemoryNotifications } from './notifications.fixtures.ts';

describe('MarkNotificationRead', () => {
  it('marks the member’s own notification read, and again answers it unchanged', async () => {
    const store = new InMemoryNotifications();
    store.items.push(aNotification({ id: 'n0', userId: 'u1' }));
    const mark = new MarkNotificationRead({ notifications: store });
    const read = await mark.execute({ notificationId: 'n0', userId: 'u1' });
    expect(read.ok && read.value.isRead).toBe(true);
    expect(await mark.execute({ notificationId: 'n0', userId: 'u1' })).toEqual(read);
  });

  it('answers notification_not_found for another’s notification or none, changing nothing', async () => {
    const store = new InMemoryNotifications();
    store.items.push(aNotification({ id: 'n0', userId: 'u1' }));
    const mark = new MarkNotificationRead({ notifications: store });
    expect(await mark.execute({ notificationId: 'n0', userId: 'u2' })).toEqual(err('notification_not_found'));
    expect(await mark.execute({ notificationId: 'nope', userId: 'u1' })).toEqual(err('notification_not_found'));
    expect(store.items[0]!.isRead).toBe(false);
  });
});
