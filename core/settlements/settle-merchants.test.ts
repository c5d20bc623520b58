import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { SettleMerchants } from './settle-merchants.ts';
import { ShowSettlementReport } from './settlement-report.ts';
import { settlementPeriodContaining } from './settlement-period.ts';
import { weekOfPayments } from './settlement-flow.fixtures.ts';

const week = settlementPeriodContaining(new Date('2026-11-18T10:00:00Z'));

async function settled(francs: readonly number[]) {
  const w = await weekOfPayments(francs);
  w.clock.set('2026-11-22T22:30:00Z'); // Monday 00:30 Kigali: the week has ended
  const settle = new SettleMerchants(w);
  return { w, settle };
}

describe('settling merchants', () => {
  it('creates and pays one batch per merchant and week; a rerun creates and posts nothing', async () => {
    const { w, settle } = await settled([10_001, 333]);
    const progress: number[] = [];
    const first = await settle.execute({ periods: [week], onCreated: (n) => progress.push(-n), onProgress: (done) => progress.push(done) });
    // Accepted by the provider, awaiting its final word.
    expect(first.paid.map((b) => [b.status, b.payoutAmount, b.carriedOut])).toEqual([['processing', Money.ofFrancs(10_127), Money.ofCentimes(32)]]);
    expect(progress).toEqual([-1, 1]);
    // The payable holds only the carried fraction: net 9,800.98 + 326.34 = 10,127.32, 10,127 paid.
    expect(w.ledger.balance('merchant_payable:m1')).toEqual(Money.ofCentimes(32));
    const entries = w.ledger.entries().length;
    expect((await settle.execute({ periods: [week] })).created).toEqual([]);
    expect(w.ledger.entries()).toHaveLength(entries);
  });

  it('reports the weeks of a range that have not begun, and settles nothing for them', async () => {
    const { w, settle } = await settled([1_000]);
    const next = settlementPeriodContaining(new Date(w.clock.now().getTime() + 7 * 86_400_000));
    const report = await settle.execute({ periods: [week, next] });
    expect([report.created.length, report.notBegun]).toEqual([1, [next]]);
  });

  it('fails a refused payout, books it back, and pays it on retry under a new reference', async () => {
    const { w, settle } = await settled([5_000]);
    w.mobileMoney.failWith = 'mobile_money_refused';
    const [failed] = (await settle.execute({ periods: [week] })).paid;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(w.ledger.balance('merchant_payable:m1')).toEqual(Money.ofFrancs(4_900));
    w.mobileMoney.failWith = undefined;
    const retried = await settle.retry({ batchId: failed!.id });
    expect(retried.ok && retried.value).toMatchObject({ status: 'processing', attempts: 2 });
    await w.settleTransfer.execute({ reference: `${failed!.batchReference}-2`, status: 'successful' });
    expect(await w.batches.findById(failed!.id)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(w.mobileMoney.transfers.map((t) => t.reference)).toEqual([`${failed!.batchReference}-2`]);
    expect(await settle.retry({ batchId: failed!.id })).toEqual({ ok: false, error: 'payout_transition_not_allowed' });
    expect(await settle.resume({ batchId: 'nope' })).toEqual({ ok: false, error: 'batch_not_found' });
  });

  it('settles the week that ended by default', async () => {
    const { w } = await settled([1_000]);
    const settle = new SettleMerchants({ ...w, clock: { now: () => new Date('2026-11-23T00:30:00+02:00') } });
    expect((await settle.execute()).created).toHaveLength(1);
  });
});

describe('the settlement report', () => {
  it('lists the batch’s transactions and reconciles sums, fees, net, carried fractions and the transfer', async () => {
    const { w, settle } = await settled([10_001, 333]);
    const [batch] = (await settle.execute({ periods: [week] })).paid;
    const report = new ShowSettlementReport({
      batches: { findById: (id) => w.batches.findById(id), findByReference: async (ref) => w.batches.all().find((b) => b.batchReference === ref) },
      transactions: { listBySettlementBatch: async (id) => w.transactions.all().filter((t) => w.batches.coveringOf(t)?.id === id) },
      transfers: w.transfers,
      reversals: { listInRange: async () => [] },
    });
    const shown = await report.execute({ batch: batch!.batchReference });
    expect(shown.ok && shown.value).toMatchObject({ gross: Money.ofFrancs(10_334), fees: Money.ofCentimes(20_668), net: Money.ofCentimes(1_012_732), carriedIn: Money.ZERO, reconciled: true });
    expect(shown.ok && shown.value.transfer?.reference).toBe(batch!.batchReference);
    expect(await report.execute({ batch: 'nope' })).toEqual({ ok: false, error: 'batch_not_found' });
  });
});
