import { describe, expect, it } from 'vitest';
import { localDate } from '../shared/calendar.ts';
import { aContribution } from './contributions.fixtures.ts';
import { dueReminders, reminderKey, reminderTimes, reminderWindowAt } from './contribution-reminders.ts';

const c = aContribution({ id: 'c-1', dueDate: localDate(2026, 3, 31) });
const at = (iso: string) => new Date(iso);

describe('contribution reminders', () => {
  it('fall 3 days before, 1 day before and on the due date, at 09:00 Kigali (07:00 UTC)', () => {
    expect(reminderTimes(c.dueDate).map((t) => [t.offset, t.at.toISOString()])).toEqual([
      ['three_days_before', '2026-03-28T07:00:00.000Z'],
      ['one_day_before', '2026-03-30T07:00:00.000Z'],
      ['due_date', '2026-03-31T07:00:00.000Z'],
    ]);
  });

  it('none before 09:00 three days before', () => {
    expect(dueReminders([c], at('2026-03-28T06:59:00Z'), new Set())).toEqual([]);
  });

  it('each is due once per contribution and offset: the caller passes the ones already sent', () => {
    const first = dueReminders([c], at('2026-03-28T07:00:00Z'), new Set());
    expect(first.map((r) => r.key)).toEqual(['c-1:three_days_before']);
    expect(dueReminders([c], at('2026-03-29T12:00:00Z'), new Set([reminderKey('c-1', 'three_days_before')]))).toEqual([]);
    expect(dueReminders([c], at('2026-03-30T07:00:00Z'), new Set(['c-1:three_days_before'])).map((r) => r.offset)).toEqual(['one_day_before']);
  });

  it('only the latest reminder is due after a gap, and none after the due date or once paid', () => {
    expect(dueReminders([c], at('2026-03-31T20:00:00Z'), new Set()).map((r) => r.offset)).toEqual(['due_date']);
    expect(dueReminders([c], at('2026-03-31T22:00:00Z'), new Set())).toEqual([]);
    const paid = aContribution({ id: 'c-2', dueDate: localDate(2026, 3, 31) });
    paid.settleFromPot('payout:t-1:1', at('2026-03-01T00:00:00Z'));
    expect(dueReminders([paid], at('2026-03-31T08:00:00Z'), new Set())).toEqual([]);
  });

  it('a reminder is due only within its own window: from its 09:00 until the next one, a stale "due tomorrow" never on the due day', () => {
    const windowAt = (iso: string) => reminderWindowAt(c.dueDate, at(iso))?.offset;
    // 3 days before: 28 March 09:00 up to 30 March 09:00 (a missed run catches up the next day).
    expect(windowAt('2026-03-28T07:00:00Z')).toBe('three_days_before');
    expect(windowAt('2026-03-30T06:59:00Z')).toBe('three_days_before');
    // 1 day before: 30 March 09:00 up to the due day's midnight, never into the due day.
    expect(windowAt('2026-03-30T07:00:00Z')).toBe('one_day_before');
    expect(windowAt('2026-03-30T21:59:00Z')).toBe('one_day_before');
    expect(windowAt('2026-03-30T22:00:00Z')).toBeUndefined();
    expect(windowAt('2026-03-31T06:59:00Z')).toBeUndefined();
    // The due day: 09:00 up to its end.
    expect(windowAt('2026-03-31T07:00:00Z')).toBe('due_date');
    expect(windowAt('2026-03-31T21:59:00Z')).toBe('due_date');
    expect(windowAt('2026-03-31T22:00:00Z')).toBeUndefined();
  });

  it('never-sent "1 day before" is not due at 08:59 on the due date: nothing is', () => {
    expect(dueReminders([c], at('2026-03-31T06:59:00Z'), new Set())).toEqual([]);
    expect(dueReminders([c], at('2026-03-31T07:00:00Z'), new Set()).map((r) => r.key)).toEqual(['c-1:due_date']);
  });
});
