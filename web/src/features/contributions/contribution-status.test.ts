import { describe, expect, it } from 'vitest';
import { dayNumber, effectiveStatus, isDue, onTimeRate, panelFigures } from './contribution-status.ts';

// 22:30 UTC on 14 June is already 15 June in Kigali (UTC+2).
const now = new Date('2025-06-14T22:30:00Z');
const c = (amount: string, status: string, dueDate: string | null, paidDate: string | null = null) => ({ amount, status, dueDate, paidDate });

describe('contribution status', () => {
  it('counts days in the Kigali calendar', () => {
    expect(dayNumber(now)).toBe(dayNumber('2025-06-15'));
    expect(dayNumber('not a date')).toBeNull();
  });

  it('a pending contribution due before today (Kigali) shows overdue; due today is still pending', () => {
    expect(effectiveStatus(c('1', 'pending', '2025-06-14'), now)).toBe('overdue');
    expect(effectiveStatus(c('1', 'pending', '2025-06-15'), now)).toBe('pending');
    expect(effectiveStatus(c('1', 'completed', '2025-01-01'), now)).toBe('completed');
    expect(effectiveStatus(c('1', 'refunded', '2025-01-01'), now)).toBe('refunded');
  });

  it('only pending and overdue contributions can be paid', () => {
    expect(isDue(c('1', 'pending', '2025-06-01'), now)).toBe(true);
    expect(isDue(c('1', 'completed', '2025-06-01'), now)).toBe(false);
  });

  it('on-time rate is paid on or before the due day over completed, and none without history', () => {
    expect(onTimeRate([c('1', 'completed', '2025-06-10', '2025-06-10T18:00:00Z'), c('1', 'completed', '2025-06-10', '2025-06-11T08:00:00Z'), c('1', 'pending', '2025-06-20')])).toBe(50);
    expect(onTimeRate([c('1', 'pending', '2025-06-20')])).toBeNull();
  });

  it('panel figures: totals in centimes, overdue, upcoming 0..7 days and 5 most recent paid', () => {
    const paid = Array.from({ length: 7 }, (_, i) => c('100.10', 'completed', `2025-05-0${i + 1}`, `2025-05-0${i + 1}T10:00:00Z`));
    const figures = panelFigures(
      [...paid, c('50.00', 'pending', '2025-06-13'), c('20.00', 'pending', '2025-06-15'), c('30.00', 'pending', '2025-06-22'), c('40.00', 'pending', '2025-06-23')],
      now,
    );
    expect(figures.totalContributed).toBe(70_070);
    expect(figures.pendingAmount).toBe(14_000);
    expect(figures.upcomingAmount).toBe(5_000);
    expect(figures.overdue.map((x) => x.dueDate)).toEqual(['2025-06-13']);
    expect(figures.upcoming.map((x) => x.dueDate)).toEqual(['2025-06-15', '2025-06-22']);
    expect(figures.recent.map((x) => x.dueDate)).toEqual(['2025-05-07', '2025-05-06', '2025-05-05', '2025-05-04', '2025-05-03']);
    expect(figures.onTimeRate).toBe(100);
  });
});
