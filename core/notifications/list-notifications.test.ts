import { describe, expect, it } from 'vitest';
import { ListNotifications, NOTIFICATIONS_SHOWN } from './list-notifications.ts';
import { aNotification, InMemoryNotifications } from './notifications.fixtures.ts';

function notifications(count: number, userId = 'u1') {
  const store = new InMemoryNotifications();
  for (let i = 0; i < count; i++) store.items.push(aNotification({ id: `n${i}`, userId, createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)) }));
  return store;
}

describe('ListNotifications', () => {
  it('shows a member their own, the newest 50, newest first', async () => {
    const store = notifications(NOTIFICATIONS_SHOWN + 5);
    store.items.push(aNotification({ id: 'theirs', userId: 'u2', createdAt: new Date('2027-01-01T00:00:00Z') }));
    const shown = await new ListNotifications({ notifications: store }).execute({ userId: 'u1' });
    expect(shown).toHaveLength(NOTIFICATIONS_SHOWN);
    expect(shown[0]!.id).toBe(`n${NOTIFICATIONS_SHOWN + 4}`);
    expect(shown.every((n) => n.userId === 'u1')).toBe(true);
  });
});
