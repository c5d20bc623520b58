import { describe, expect, it } from 'vitest';
import { noticeWorld, reminderAt } from './notices.fixtures.ts';

describe('SendContributionReminders', () => {
  it('reminds each member of a pending contribution once per reminder, in the member’s notice, and skips what is paid', async () => {
    const { world, firstCycle, dueDate, reminders } = await noticeWorld();
    await world.pay(firstCycle.find((c) => c.memberId === 'bob')!);
    world.clock.set(reminderAt(dueDate, 0));
    expect(await reminders.execute()).toEqual({ sent: 2, alreadySent: 0, failed: 0 });
    expect(world.notifier.sent.filter((n) => n.template === 'contribution_due').map((n) => [n.userId, n.params.tontineName, n.params.cycle])).toEqual([
      ['alice', 'Abadatezuka', '1'],
      ['carol', 'Abadatezuka', '1'],
    ]);
    // A second run the same day sends nothing more.
    expect(await reminders.execute()).toEqual({ sent: 0, alreadySent: 0, failed: 0 });
    // The next reminder, the day before.
    world.clock.set(reminderAt(dueDate, 1));
    expect(await reminders.execute()).toEqual({ sent: 2, alreadySent: 0, failed: 0 });
  });

  it('counts a reminder a racing run recorded first as already sent, writing nothing', async () => {
    const { world, firstCycle, dueDate, reminders, notices } = await noticeWorld();
    world.clock.set(reminderAt(dueDate, 2));
    await notices.recordOnce(firstCycle[0]!.id, 'due_date', world.clock.now());
    const sentKeys = notices.sentReminderKeys.bind(notices);
    notices.sentReminderKeys = async () => new Set(); // the racing replica read before the record
    expect(await reminders.execute()).toEqual({ sent: 2, alreadySent: 1, failed: 0 });
    notices.sentReminderKeys = sentKeys;
    expect(world.notifier.sent.filter((n) => n.userId === firstCycle[0]!.memberId && n.template === 'contribution_due')).toEqual([]);
  });

  it('does not let one member’s failure stop the others, and leaves it in the event log', async () => {
    const { world, dueDate, reminders, events } = await noticeWorld();
    const notify = world.notifier.notify.bind(world.notifier);
    world.notifier.notify = async (n) => (n.userId === 'bob' ? Promise.reject(new Error('account deleted')) : notify(n));
    world.clock.set(reminderAt(dueDate, 0));
    expect(await reminders.execute()).toEqual({ sent: 2, alreadySent: 0, failed: 1 });
    expect(events.lines).toEqual([expect.objectContaining({ level: 'error', message: 'reminder not sent', fields: expect.objectContaining({ offset: 'three_days_before' }) })]);
  });
});
