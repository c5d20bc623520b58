import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { CreateSettlementBatches } from './create-settlement-batches.ts';
import { payMerchant, weekOfPayments } from './settlement-flow.fixtures.ts';
import { settlementPeriodContaining } from './settlement-period.ts';

describe('create settlement batches', () => {
  it('on Monday 00:30 settles the week that ended, once; its range covers the week’s transactions', async () => {
    const w = await weekOfPayments([10_000, 125]);
    w.clock.set('2026-11-22T22:30:00Z'); // Monday 23 November, 00:30 Kigali
    const [batch, ...others] = await new CreateSettlementBatches(w).execute();
    expect(others).toEqual([]);
    // net 9,800 + 122.50 = 9,922.50 → pays 9,922, carries 0.50
    expect(batch).toMatchObject({ batchReference: 'STL-20261116-SHOP-1', totalTransactions: 2, payoutAmount: Money.ofFrancs(9_922), carriedOut: Money.ofCentimes(50) });
    expect(batch).toMatchObject({ coveredFrom: new Date(0), coveredUntil: new Date('2026-11-22T22:00:00Z') });
    expect(w.transactions.all().every((t) => w.batches.coveringOf(t)?.id === batch!.id)).toBe(true);
    expect(await new CreateSettlementBatches(w).execute()).toEqual([]);
    expect(w.batches.all()).toHaveLength(1);
  });

  it('an admin can settle any period; the carried fraction joins the next batch', async () => {
    const w = await weekOfPayments([125]);
    const period = settlementPeriodContaining(new Date('2026-11-18T10:00:00Z'));
    w.clock.set('2026-11-24T09:00:00Z'); // a Tuesday: the admin settles the week before
    const [first] = await new CreateSettlementBatches(w).execute({ period });
    expect(first?.carriedOut).toEqual(Money.ofCentimes(50));
    w.clock.set('2026-11-25T10:00:00Z');
    await payMerchant(w, 125);
    w.clock.set('2026-12-01T09:00:00Z');
    const [second] = await new CreateSettlementBatches(w).execute({ period: settlementPeriodContaining(new Date('2026-11-25T10:00:00Z')) });
    expect([second?.totalAmount, second?.payoutAmount, second?.carriedOut]).toEqual([Money.ofFrancs(123), Money.ofFrancs(123), Money.ZERO]);
    expect(second?.coveredFrom).toEqual(first?.coveredUntil);
  });

  it('settles the week under way up to now, and nothing for a week that has not begun', async () => {
    const w = await weekOfPayments([10_000]);
    const period = settlementPeriodContaining(new Date('2026-11-18T10:00:00Z'));
    const next = settlementPeriodContaining(new Date('2026-11-25T10:00:00Z'));
    w.clock.set('2026-11-18T11:00:00Z');
    expect(await new CreateSettlementBatches(w).execute({ period: next })).toEqual([]);
    const [batch] = await new CreateSettlementBatches(w).execute({ period });
    expect(batch?.coveredUntil).toEqual(new Date('2026-11-18T11:00:00Z'));
    await payMerchant(w, 5_000); // later the same week: the next batch's
    expect(w.transactions.all().map((t) => w.batches.coveringOf(t)?.id)).toEqual([batch!.id, undefined]);
  });
});
