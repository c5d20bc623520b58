import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { createSettlementBatches } from './create-settlement-batches.ts';
import { payMerchant, weekOfPayments } from './settlement-flow.fixtures.ts';
import { settlementPeriodContaining } from './settlement-period.ts';

describe('create settlement batches', () => {
  it('on Monday 00:30 settles the week that ended, once, and marks its transactions settled', async () => {
    const w = await weekOfPayments([10_000, 125]);
    w.clock.set('2026-11-22T22:30:00Z'); // Monday 23 November, 00:30 Kigali
    const [batch, ...others] = await createSettlementBatches(w);
    expect(others).toEqual([]);
    // net 9,800 + 122.50 = 9,922.50 → pays 9,922, carries 0.50
    expect(batch).toMatchObject({ batchReference: 'STL-20261116-SHOP-1', totalTransactions: 2, payoutAmount: Money.ofFrancs(9_922), carriedOut: Money.ofCentimes(50) });
    expect(w.transactions.all().every((t) => t.settlementBatchId === batch!.id)).toBe(true);
    expect(await createSettlementBatches(w)).toEqual([]);
    expect(w.batches.all()).toHaveLength(1);
  });

  it('an admin can settle any period; the carried fraction joins the next batch', async () => {
    const w = await weekOfPayments([125]);
    const period = settlementPeriodContaining(new Date('2026-11-18T10:00:00Z'));
    const [first] = await createSettlementBatches(w, { period });
    expect(first?.carriedOut).toEqual(Money.ofCentimes(50));
    w.clock.set('2026-11-25T10:00:00Z');
    await payMerchant(w, 125);
    const [second] = await createSettlementBatches(w, { period: settlementPeriodContaining(new Date('2026-11-25T10:00:00Z')) });
    expect([second?.totalAmount, second?.payoutAmount, second?.carriedOut]).toEqual([Money.ofFrancs(123), Money.ofFrancs(123), Money.ZERO]);
  });
});
