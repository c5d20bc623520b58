import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it('is Just now under one minute, and for a slightly future timestamp', () => {
    expect(relativeTime(ago(59 * SECOND), now)).toEqual({ unit: 'justNow' });
    expect(relativeTime(ago(-5 * SECOND), now)).toEqual({ unit: 'justNow' });
  });

  it('counts whole minutes under an hour', () => {
    expect(relativeTime(ago(MINUTE), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(relativeTime(ago(59 * MINUTE + 59 * SECOND), now)).toEqual({ unit: 'minutes', count: 59 });
  });

  it('counts whole hours under a day', () => {
    expect(relativeTime(ago(HOUR), now)).toEqual({ unit: 'hours', count: 1 });
    expect(relativeTime(ago(DAY - 1), now)).toEqual({ unit: 'hours', count: 23 });
  });

  it('counts whole days under a week, then shows a date', () => {
    expect(relativeTime(ago(DAY), now)).toEqual({ unit: 'days', count: 1 });
    expect(relativeTime(ago(7 * DAY - 1), now)).toEqual({ unit: 'days', count: 6 });
    expect(relativeTime(ago(7 * DAY), now)).toEqual({ unit: 'date' });
  });
});
