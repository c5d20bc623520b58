import { describe, expect, it } from 'vitest';
import { addDays, kigaliDateOf } from '../shared/calendar.ts';
import { daysAfterDue, noticeWorld, reminderAt } from './notices.fixtures.ts';
import { LOOKBACK_DAYS } from './send-overdue-notices.ts';

describe('SendOverdueNotices', () => {
  it('tells each member once that a contribution is overdue, the day after its due date', async () => {
    const { world, firstCycle, dueDate, overdue } = await noticeWorld();
    await world.pay(firstCycle.find((c) => c.memberId === 'alice')!);
    world.clock.set(reminderAt(dueDate, 2));
    expect(await overdue.execute()).toEqual({ sent: 0, alreadySent: 0, failed: 0 });
    world.clock.set(daysAfterDue(dueDate, 1));
    expect(await overdue.execute()).toEqual({ sent: 2, alreadySent: 0, failed: 0 });
    expect(world.notifier.sent.filter((n) => n.template === 'contribution_overdue').map((n) => n.userId)).toEqual(['bob', 'carol']);
    world.clock.set(daysAfterDue(dueDate, 2));
    expect(await overdue.execute()).toEqual({ sent: 0, alreadySent: 0, failed: 0 });
  });

  it(`says nothing of debts overdue for more than ${LOOKBACK_DAYS} days (an old database’s first run)`, async () => {
    const { world, dueDate, overdue } = await noticeWorld();
    world.clock.set(daysAfterDue(dueDate, LOOKBACK_DAYS + 1));
    expect(await overdue.execute()).toMatchObject({ sent: 0 });
    expect(kigaliDateOf(world.clock.now())).toEqual(addDays(dueDate, LOOKBACK_DAYS + 1));
  });

  it('counts a notice recorded by a racing run as already sent; one failure does not stop the others', async () => {
    const { world, firstCycle, dueDate, overdue, notices, events } = await noticeWorld();
    world.clock.set(daysAfterDue(dueDate, 1));
    const noticed = notices.overdueNoticed.bind(notices);
    notices.overdueNoticed = async () => new Set();
    await notices.recordOnce(firstCycle[0]!.id, 'overdue', world.clock.now());
    const notify = world.notifier.notify.bind(world.notifier);
    world.notifier.notify = async (n) => (n.userId === firstCycle[1]!.memberId ? Promise.reject(new Error('account deleted')) : notify(n));
    expect(await overdue.execute()).toEqual({ sent: 1, alreadySent: 1, failed: 1 });
    expect(events.lines.map((l) => l.message)).toEqual(['overdue notice not sent']);
    // (That the failed notice's record is rolled back with its unit of work is the adapters' to test.)
    notices.overdueNoticed = noticed;
  });
});
