import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantViolation } from '../shared/result.ts';
import { lastEndedSettlementPeriod, settlementPeriodContaining, settlementPeriodsCovering } from './settlement-period.ts';

const iso = (p: { start: Date; end: Date }) => [p.start.toISOString(), p.end.toISOString()];

describe('settlement periods', () => {
  it('run from Monday 00:00 to the next Monday 00:00 Kigali time (22:00 UTC on Sunday)', () => {
    // Wednesday 18 November 2026
    expect(iso(settlementPeriodContaining(new Date('2026-11-18T10:00:00Z')))).toEqual(['2026-11-15T22:00:00.000Z', '2026-11-22T22:00:00.000Z']);
    // Sunday 22 Nov 23:59:59 Kigali is still that week; Monday 00:00 Kigali starts the next one.
    expect(iso(settlementPeriodContaining(new Date('2026-11-22T21:59:59Z')))[0]).toBe('2026-11-15T22:00:00.000Z');
    expect(iso(settlementPeriodContaining(new Date('2026-11-22T22:00:00Z')))[0]).toBe('2026-11-22T22:00:00.000Z');
  });

  it('the Monday 00:30 job settles the week that just ended', () => {
    expect(iso(lastEndedSettlementPeriod(new Date('2026-11-22T22:30:00Z')))).toEqual(['2026-11-15T22:00:00.000Z', '2026-11-22T22:00:00.000Z']);
  });

  it('covering a range gives consecutive weeks; an empty range gives none', () => {
    const periods = settlementPeriodsCovering(new Date('2026-11-18T10:00:00Z'), new Date('2026-12-01T00:00:00Z'));
    expect(periods.map((p) => p.start.toISOString())).toEqual(['2026-11-15T22:00:00.000Z', '2026-11-22T22:00:00.000Z', '2026-11-29T22:00:00.000Z']);
    expect(settlementPeriodsCovering(new Date('2026-11-18T10:00:00Z'), new Date('2026-11-18T10:00:00Z'))).toEqual([]);
    expect(() => settlementPeriodsCovering(new Date('2026-11-18T10:00:00Z'), new Date('2026-11-01T00:00:00Z'))).toThrow(InvariantViolation);
  });

  it('property: the periods covering any range partition it, with no gap and no overlap', () => {
    const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 200 * 86_400_000 }), (from, length) => {
        const periods = settlementPeriodsCovering(new Date(from), new Date(from + length));
        expect(periods[0]!.start.getTime()).toBeLessThanOrEqual(from);
        expect(periods.at(-1)!.end.getTime()).toBeGreaterThanOrEqual(from + length);
        periods.forEach((p, i) => {
          expect(p.end.getTime() - p.start.getTime()).toBe(7 * 86_400_000);
          expect(new Date(p.start.getTime() + 2 * 3_600_000).getUTCDay()).toBe(1); // a Monday in Kigali
          if (i > 0) expect(p.start.getTime()).toBe(periods[i - 1]!.end.getTime());
        });
        const containing = settlementPeriodContaining(new Date(from + length - 1));
        expect(containing).toEqual(periods.at(-1));
      }),
    );
  });
});
