/**
 * The contribution notice jobs (SendContributionReminders, SendOverdueNotices) over the tontines'
 * test world: each notice once, only for what is owed in a running group, one failure not stopping the rest.
 */
import { describe, expect, it } from 'vitest';
import { RecordingEventLog } from '../identity/identity.fixtures.ts';
import { addDays, kigaliDateOf, type LocalDate } from '../shared/calendar.ts';
import { aTontine, aWorld } from '../tontines/tontines.fixtures.ts';
import { reminderTimes } from './contribution-reminders.ts';
import { InMemoryContributionNotices } from './notices.fixtures.ts';
import { SendContributionReminders } from './send-contribution-reminders.ts';
import { LOOKBACK_DAYS, SendOverdueNotices } from './send-overdue-notices.ts';
import { ListMemberContributions } from './list-member-contributions.ts';

/** A running group of three; its first cycle's due date. */
async function noticeWorld() {
  const world = aWorld();
  await world.given(aTontine().withMembers(3).build());
  const firstCycle = (await world.contributions.listByTontine('t-1')).filter((c) => c.cycle === 1);
  const dueDate = firstCycle[0]!.dueDate;
  const notices = new InMemoryContributionNotices(world.contributions, world.tontines);
  const events = new RecordingEventLog();
  const deps = { notices, notifier: world.notifier, uow: world.uow, clock: world.clock, events };
  return { world, firstCycle, dueDate, notices, events, deps, reminders: new SendContributionReminders(deps), overdue: new SendOverdueNotices(deps) };
}

const at = (dueDate: LocalDate, offset: number) => reminderTimes(dueDate)[offset]!.at;
/** 09:00 Kigali, `days` after the due date. */
const daysAfter = (dueDate: LocalDate, days: number) => reminderTimes(addDays(dueDate, days))[2]!.at;

describe('SendContributionReminders', () => {
  it('reminds each member of a pending contribution once per reminder, in the member’s notice, and skips what is paid', async () => {
    const { world, firstCycle, dueDate, reminders } = await noticeWorld();
    await world.pay(firstCycle.find((c) => c.memberId === 'bob')!);
    world.clock.set(at(dueDate, 0));
    expect(await reminders.execute()).toEqual({ sent: 2, alreadySent: 0, failed: 0 });
    expect(world.notifier.sent.filter((n) => n.template === 'contribution_due').map((n) => [n.userId, n.params.tontineName, n.params.cycle])).toEqual([
      ['alice', 'Abadatezuka', '1'],
      ['carol', 'Abadatezuka', '1'],
    ]);
    // A second run the same day sends nothing more.
    expect(await reminders.execute()).toEqual({ sent: 0, alreadySent: 0, failed: 0 });
    // The next reminder, the day before.
    world.clock.set(at(dueDate, 1));
    expect(await reminders.execute()).toEqual({ sent: 2, alreadySent: 0, failed: 0 });
  });

  it('counts a reminder a racing run recorded first as already sent, writing nothing', async () => {
    const { world, firstCycle, dueDate, reminders, notices } = await noticeWorld();
    world.clock.set(at(dueDate, 2));
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
    world.clock.set(at(dueDate, 0));
    expect(await reminders.execute()).toEqual({ sent: 2, alreadySent: 0, failed: 1 });
    expect(events.lines).toEqual([expect.objectContaining({ level: 'error', message: 'reminder not sent', fields: expect.objectContaining({ offset: 'three_days_before' }) })]);
  });
});

describe('SendOverdueNotices', () => {
  it('tells each member once that a contribution is overdue, the day after its due date', async () => {
    const { world, firstCycle, dueDate, overdue } = await noticeWorld();
    await world.pay(firstCycle.find((c) => c.memberId === 'alice')!);
    world.clock.set(at(dueDate, 2));
    expect(await overdue.execute()).toEqual({ sent: 0, alreadySent: 0, failed: 0 });
    world.clock.set(daysAfter(dueDate, 1));
    expect(await overdue.execute()).toEqual({ sent: 2, alreadySent: 0, failed: 0 });
    expect(world.notifier.sent.filter((n) => n.template === 'contribution_overdue').map((n) => n.userId)).toEqual(['bob', 'carol']);
    world.clock.set(daysAfter(dueDate, 2));
    expect(await overdue.execute()).toEqual({ sent: 0, alreadySent: 0, failed: 0 });
  });

  it(`says nothing of debts overdue for more than ${LOOKBACK_DAYS} days (an old database’s first run)`, async () => {
    const { world, dueDate, overdue } = await noticeWorld();
    world.clock.set(daysAfter(dueDate, LOOKBACK_DAYS + 1));
    expect(await overdue.execute()).toMatchObject({ sent: 0 });
    expect(kigaliDateOf(world.clock.now())).toEqual(addDays(dueDate, LOOKBACK_DAYS + 1));
  });

  it('counts a notice recorded by a racing run as already sent; one failure does not stop the others', async () => {
    const { world, firstCycle, dueDate, overdue, notices, events } = await noticeWorld();
    world.clock.set(daysAfter(dueDate, 1));
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

describe('ListMemberContributions', () => {
  it('lists the member’s own contributions with their group’s name and their status now', async () => {
    const { world, firstCycle, dueDate } = await noticeWorld();
    await world.pay(firstCycle.find((c) => c.memberId === 'bob')!);
    world.clock.set(daysAfter(dueDate, 1));
    const list = new ListMemberContributions({ contributions: world.contributions, tontines: world.tontines, clock: world.clock });
    const bobs = await list.execute({ userId: 'bob' });
    expect(bobs.every((e) => e.contribution.memberId === 'bob' && e.tontineName === 'Abadatezuka')).toBe(true);
    expect(bobs.find((e) => e.contribution.cycle === 1)?.status).toBe('completed');
    const carols = await list.execute({ userId: 'carol' });
    expect(carols.find((e) => e.contribution.cycle === 1)?.status).toBe('overdue');
    expect(await list.execute({ userId: 'stranger' })).toEqual([]);
  });
});
