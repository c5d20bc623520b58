import { describe, expect, it } from 'vitest';
import { localDate } from '../shared/calendar.ts';
import { aContribution } from './contributions.fixtures.ts';
import { dueReminders, reminderKey, reminderTimes } from './contribution-reminders.ts';

const c = aContribution({ id: 'c-1', dueDate: localDate(2026, 3, 31) });
const at = (iso: string) => new Date(iso);

describe('contribution reminders', () => {
  it('fall 3 days before, 1 day before and on the due date, at 09:00 Kigali (07:00 UTC)', () => {
    expect(reminderTimes(c).map((t) => [t.offset, t.at.toISOString()])).toEqual([
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
});
