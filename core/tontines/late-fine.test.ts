import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { localDate } from '../shared/calendar.ts';
import { checkLateFine, fineAmount, isFineDue } from './late-fine.ts';

describe('a late fine rule', () => {
  it('is a fixed amount or a whole percentage, with a grace of 3 days unless told', () => {
    expect(checkLateFine({ kind: 'fixed', value: 500 })).toEqual({ ok: true, value: { kind: 'fixed', value: 500, graceDays: 3 } });
    expect(checkLateFine({ kind: 'percent', value: 5, graceDays: 0 })).toEqual({ ok: true, value: { kind: 'percent', value: 5, graceDays: 0 } });
    expect(checkLateFine({ kind: 'fixed', value: 1_000_000, graceDays: 30 }).ok).toBe(true);
  });

  it.each([
    { kind: 'fixed', value: 0 },
    { kind: 'fixed', value: 1_000_001 },
    { kind: 'fixed', value: 12.5 },
    { kind: 'percent', value: 51 },
    { kind: 'percent', value: 2.5 },
    { kind: 'fixed', value: 500, graceDays: -1 },
    { kind: 'fixed', value: 500, graceDays: 31 },
    { kind: 'fixed', value: 500, graceDays: 1.5 },
    { kind: 'daily', value: 500 },
  ])('refuses %o', (input) => {
    expect(checkLateFine(input)).toEqual({ ok: false, error: 'late_fine_invalid' });
  });

  it('a percentage is rounded half up to whole francs, and is at least one franc', () => {
    const percent = (value: number) => ({ kind: 'percent' as const, value, graceDays: 3 });
    expect(fineAmount(percent(5), Money.ofFrancs(5_000))).toEqual(Money.ofFrancs(250));
    expect(fineAmount(percent(3), Money.ofFrancs(3_333))).toEqual(Money.ofFrancs(100)); // 99.99
    expect(fineAmount(percent(1), Money.ofFrancs(149))).toEqual(Money.ofFrancs(1)); // 1.49
    expect(fineAmount(percent(1), Money.ofFrancs(150))).toEqual(Money.ofFrancs(2)); // 1.50
    expect(fineAmount(percent(1), Money.ofFrancs(20))).toEqual(Money.ofFrancs(1)); // 0.20, at least a franc
    expect(fineAmount({ kind: 'fixed', value: 700, graceDays: 3 }, Money.ofFrancs(5_000))).toEqual(Money.ofFrancs(700));
  });

  it('is due the day after the grace ends, and only on graces that end once the rule is in force', () => {
    const rule = { kind: 'fixed' as const, value: 500, graceDays: 3, since: localDate(2026, 1, 1) };
    const due = localDate(2026, 1, 31);
    expect(isFineDue(rule, due, localDate(2026, 2, 3))).toBe(false); // the grace's last day
    expect(isFineDue(rule, due, localDate(2026, 2, 4))).toBe(true);
    expect(isFineDue({ ...rule, since: localDate(2026, 2, 3) }, due, localDate(2026, 2, 10))).toBe(true);
    expect(isFineDue({ ...rule, since: localDate(2026, 2, 4) }, due, localDate(2026, 2, 10))).toBe(false);
    expect(isFineDue({ ...rule, graceDays: 0 }, due, localDate(2026, 2, 1))).toBe(true);
  });
});
