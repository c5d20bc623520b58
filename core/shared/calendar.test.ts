import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  compareDates,
  dayOfWeek,
  daysInMonth,
  formatDate,
  kigaliDateOf,
  kigaliInstant,
  localDate,
  monthsBetween,
  parseDate,
  startOfKigaliDay,
} from './calendar.ts';

describe('Kigali calendar', () => {
  it('is UTC+2 with no daylight saving: 09:00 Kigali is 07:00 UTC in January and in July', () => {
    expect(kigaliInstant(localDate(2026, 1, 15), 9).toISOString()).toBe('2026-01-15T07:00:00.000Z');
    expect(kigaliInstant(localDate(2026, 7, 15), 9).toISOString()).toBe('2026-07-15T07:00:00.000Z');
  });

  it('places 22:30 UTC on the next Kigali day', () => {
    expect(kigaliDateOf(new Date('2026-03-31T22:30:00Z'))).toEqual({ year: 2026, month: 4, day: 1 });
    expect(startOfKigaliDay(new Date('2026-03-31T22:30:00Z')).toISOString()).toBe('2026-03-31T22:00:00.000Z');
  });

  it('clamps monthly dates to the month end from the anchor day, without drifting', () => {
    const jan31 = localDate(2026, 1, 31);
    expect([1, 2, 3, 12, 13].map((k) => formatDate(addMonths(jan31, k)))).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2027-01-31',
      '2027-02-28',
    ]);
    expect(formatDate(addMonths(localDate(2027, 12, 31), 2))).toBe('2028-02-29');
    expect(formatDate(addMonths(localDate(2026, 3, 15), -3))).toBe('2025-12-15');
  });

  it('adds days across month and year ends', () => {
    expect(formatDate(addDays(localDate(2026, 12, 30), 3))).toBe('2027-01-02');
    expect(formatDate(addDays(localDate(2026, 3, 1), -1))).toBe('2026-02-28');
  });

  it('knows weekdays, month lengths and orders dates', () => {
    expect(dayOfWeek(localDate(2026, 11, 23))).toBe(1); // a Monday
    expect(dayOfWeek(localDate(2026, 11, 22))).toBe(7); // a Sunday
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(compareDates(localDate(2026, 1, 2), localDate(2026, 1, 1))).toBeGreaterThan(0);
    expect(compareDates(localDate(2026, 1, 1), localDate(2026, 1, 1))).toBe(0);
  });

  it('parses only real calendar days', () => {
    expect(parseDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDate('2026-02-29')).toBeUndefined();
    expect(parseDate('2026-13-01')).toBeUndefined();
    expect(parseDate('26-01-01')).toBeUndefined();
    expect(() => localDate(2026, 2, 30)).toThrow();
    expect(() => localDate(2026, 0, 1)).toThrow();
  });

  it('counts whole months between dates', () => {
    expect(monthsBetween(localDate(2026, 1, 31), localDate(2026, 2, 28))).toBe(1);
    expect(monthsBetween(localDate(2026, 1, 15), localDate(2026, 3, 14))).toBe(1);
    expect(monthsBetween(localDate(2026, 1, 15), localDate(2027, 1, 15))).toBe(12);
  });

  it('round-trips every instant through its Kigali day and time', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (instant) => {
        const day = kigaliDateOf(instant);
        const start = kigaliInstant(day);
        expect(start.getTime()).toBeLessThanOrEqual(instant.getTime());
        expect(instant.getTime() - start.getTime()).toBeLessThan(86_400_000);
        expect(parseDate(formatDate(day))).toEqual(day);
      }),
    );
  });
});
