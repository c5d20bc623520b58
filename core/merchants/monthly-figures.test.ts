import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { err } from '../shared/result.ts';
import { ManualClock } from '../shared/shared.fixtures.ts';
import { aRegisteredMerchant, InMemoryMerchantRegistry } from './merchants.fixtures.ts';
import { figuresFrom, type MerchantEntryTotals } from './monthly-figures.ts';
import { ShowMonthlyFigures } from './show-monthly-figures.ts';

const c = (francs: number) => Money.ofFrancs(francs);
const totals = (kind: string, entries: number, volume: number, payable: number, receivable = 0): MerchantEntryTotals => ({ kind, entries, volume: c(volume), payable: c(payable), receivable: c(receivable) });

describe("a merchant's monthly figures", () => {
  it('reads each figure from one kind of entry on the payable or the receivable', () => {
    const figures = figuresFrom([
      totals('merchant_payment_received', 3, 60_000, -58_800),
      totals('merchant_payment_reversed', 1, 10_000, 0, 9_800),
      totals('merchant_reversals_netted', 1, 9_800, 9_800, -9_800),
      totals('merchant_settlement_paid', 2, 40_000, 40_000),
      totals('reversal', 1, 5_000, -5_000),
      totals('working_capital_withheld', 1, 4_000, 4_000),
    ]);
    expect(figures).toEqual({
      sales: { count: 3, gross: c(60_000), net: c(58_800) },
      fees: c(1_200),
      reversals: { count: 1, gross: c(10_000), net: c(9_800) },
      net: c(49_000),
      settlementsPaid: c(35_000),
      withheldForWorkingCapital: c(4_000),
    });
  });

  it('is zero in a month with nothing', () => {
    expect(figuresFrom([])).toMatchObject({ sales: { count: 0, gross: Money.ZERO }, fees: Money.ZERO, net: Money.ZERO, settlementsPaid: Money.ZERO });
  });

  it('asks the ledger for the Kigali month, to its owner only, from 2020-01 up to the current month', async () => {
    const registry = new InMemoryMerchantRegistry();
    await registry.register(aRegisteredMerchant());
    const asked: [Date, Date][] = [];
    const show = new ShowMonthlyFigures({
      registry,
      ledger: { entryTotals: async (_id, from, to) => (asked.push([from, to]), []) },
      // 1 December 2026, 01:00 in Kigali: already December there.
      clock: new ManualClock('2026-11-30T23:00:00Z'),
    });
    const current = await show.execute({ merchantId: 'm1', userId: 'u1' });
    expect(current.ok && current.value.month).toBe('2026-12');
    const november = await show.execute({ merchantId: 'm1', userId: 'u1', month: '2026-11' });
    expect(november.ok && [november.value.from, november.value.to]).toEqual([new Date('2026-10-31T22:00:00Z'), new Date('2026-11-30T22:00:00Z')]);
    expect(asked[1]).toEqual([new Date('2026-10-31T22:00:00Z'), new Date('2026-11-30T22:00:00Z')]);
    const december = await show.execute({ merchantId: 'm1', userId: 'u1', month: '2025-12' });
    expect(december.ok && december.value.to).toEqual(new Date('2025-12-31T22:00:00Z'));

    expect(await show.execute({ merchantId: 'm1', userId: 'u2', month: '2026-11' })).toEqual(err('merchant_not_found'));
    for (const month of ['2027-01', '2019-12', '2026-13', '2026-1', 'November']) expect(await show.execute({ merchantId: 'm1', userId: 'u1', month })).toEqual(err('month_invalid'));
    expect(asked).toHaveLength(3);
  });
});
