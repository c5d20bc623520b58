import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates, daysInMonth, formatDate, localDate } from '../shared/calendar.ts';
import { cycleDueDate } from './cycle-calendar.ts';

const dates = fc
  .record({ year: fc.integer({ min: 2000, max: 2100 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
  .map(({ year, month, day }) => localDate(year, month, Math.min(day, daysInMonth(year, month))));

describe('cycle calendar', () => {
  it('cycle 1 is due on the start date', () => {
    expect(formatDate(cycleDueDate(localDate(2026, 1, 31), 'monthly', 1))).toBe('2026-01-31');
  });

  it('monthly from 31 January: Feb 28, Mar 31, Apr 30, and Feb 29 in a leap year', () => {
    const due = (year: number, k: number) => formatDate(cycleDueDate(localDate(year, 1, 31), 'monthly', k));
    expect([2, 3, 4, 5].map((k) => due(2026, k))).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(due(2028, 2)).toBe('2028-02-29');
  });

  it('daily and weekly cycles are k − 1 days and weeks after the start, across year ends', () => {
    expect(formatDate(cycleDueDate(localDate(2026, 12, 30), 'daily', 4))).toBe('2027-01-02');
    expect(formatDate(cycleDueDate(localDate(2026, 12, 30), 'weekly', 2))).toBe('2027-01-06');
  });

  it('refuses cycle 0', () => {
    expect(() => cycleDueDate(localDate(2026, 1, 1), 'daily', 0)).toThrow();
  });

  it('property: a monthly cycle falls on the start day, or on the month end when the month is shorter, never drifting', () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: 1, max: 60 }), (start, k) => {
        const due = cycleDueDate(start, 'monthly', k);
        const monthIndex = start.year * 12 + start.month - 1 + (k - 1);
        expect(due.year * 12 + due.month - 1).toBe(monthIndex);
        expect(due.day).toBe(Math.min(start.day, daysInMonth(due.year, due.month)));
      }),
    );
  });

  it('property: consecutive daily and weekly cycles are 1 and 7 days apart, in order', () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: 1, max: 60 }), (start, k) => {
        expect(cycleDueDate(start, 'daily', k + 1)).toEqual(addDays(cycleDueDate(start, 'daily', k), 1));
        expect(cycleDueDate(start, 'weekly', k + 1)).toEqual(addDays(cycleDueDate(start, 'weekly', k), 7));
        expect(compareDates(cycleDueDate(start, 'monthly', k + 1), cycleDueDate(start, 'monthly', k))).toBeGreaterThan(0);
      }),
    );
  });
});
