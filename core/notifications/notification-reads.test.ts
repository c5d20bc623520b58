import { describe, expect, it } from 'vitest';
import { FixedClock } from '../shared/shared.fixtures.ts';
import { err } from '../shared/result.ts';
import { ListNotifications, NOTIFICATIONS_SHOWN } from './list-notifications.ts';
import { MarkNotificationRead } from './mark-notification-read.ts';
import { aNotification, InMemoryNotifications } from './notifications.fixtures.ts';
import { InMemorySmsDeliveries } from './outbox.fixtures.ts';
import { SECRET_PLACE, withSecret } from './outbox.ts';
import { RecordSmsDeliveryReport } from './record-sms-delivery-report.ts';
import type { SmsDeliveryReport } from './sms-sender.ts';

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

describe('MarkNotificationRead', () => {
  it('marks the member’s own notification read, and again answers it unchanged', async () => {
    const store = notifications(1);
    const mark = new MarkNotificationRead({ notifications: store });
    const read = await mark.execute({ notificationId: 'n0', userId: 'u1' });
    expect(read.ok && read.value.isRead).toBe(true);
    expect(await mark.execute({ notificationId: 'n0', userId: 'u1' })).toEqual(read);
  });

  it('answers notification_not_found for another’s notification or none, changing nothing', async () => {
    const store = notifications(1);
    const mark = new MarkNotificationRead({ notifications: store });
    expect(await mark.execute({ notificationId: 'n0', userId: 'u2' })).toEqual(err('notification_not_found'));
    expect(await mark.execute({ notificationId: 'nope', userId: 'u1' })).toEqual(err('notification_not_found'));
    expect(store.items[0]!.isRead).toBe(false);
  });
});

describe('RecordSmsDeliveryReport', () => {
  const report = (overrides: Partial<SmsDeliveryReport> = {}): SmsDeliveryReport => ({ providerMessageId: 'prov-1', phoneNumber: '+250788000001', status: 'Buffered', final: false, delivered: false, networkCode: '63510', failureReason: undefined, ...overrides });

  it('stores reports until a final one, which no later report overwrites', async () => {
    const deliveries = new InMemorySmsDeliveries();
    await deliveries.recordSent('msg-1', 'prov-1', new Date('2026-11-23T08:00:00Z'));
    const clock = new FixedClock(new Date('2026-11-23T08:01:00Z'));
    const record = new RecordSmsDeliveryReport({ deliveries, clock });
    expect(await record.execute(report())).toEqual({ outcome: 'stored', outboxMessageId: 'msg-1' });
    expect(await record.execute(report({ status: 'Success', final: true, delivered: true }))).toEqual({ outcome: 'stored', outboxMessageId: 'msg-1' });
    expect(await record.execute(report({ status: 'Failed', final: true, failureReason: 'forged' }))).toEqual({ outcome: 'unchanged', outboxMessageId: 'msg-1' });
    expect(deliveries.sent.get('prov-1')).toMatchObject({ report: { status: 'Success', delivered: true }, reportedAt: clock.now() });
  });

  it('stores nothing for an id no SMS of ours carries', async () => {
    const deliveries = new InMemorySmsDeliveries();
    expect(await new RecordSmsDeliveryReport({ deliveries, clock: new FixedClock(new Date()) }).execute(report({ providerMessageId: 'unknown' }))).toEqual({ outcome: 'unknown_message' });
    expect(deliveries.sent.size).toBe(0);
  });
});

describe('withSecret', () => {
  it('opens the sealed secret into its place, taking the secret literally', () => {
    expect(withSecret(`Sign in: ${SECRET_PLACE} (valid 15 min)`, 'https://ikimina.rw/s/a$&b')).toBe('Sign in: https://ikimina.rw/s/a$&b (valid 15 min)');
    expect(withSecret('No place here', 'secret')).toBe('No place here');
  });
});
