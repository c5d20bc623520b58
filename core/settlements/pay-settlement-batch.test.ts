import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { createSettlementBatches } from './create-settlement-batches.ts';
import { paySettlementBatch } from './pay-settlement-batch.ts';
import { weekOfPayments } from './settlement-flow.fixtures.ts';

async function batchReady() {
  const w = await weekOfPayments([10_000, 125]);
  w.clock.set('2026-11-22T22:30:00Z');
  const [batch] = await createSettlementBatches(w);
  return { w, batchId: batch!.id };
}

describe('pay settlement batch', () => {
  it('transfers the whole francs to the merchant, debits the payable and completes; the fraction stays', async () => {
    const { w, batchId } = await batchReady();
    const result = await paySettlementBatch(w, { batchId });
    expect(result.ok && [result.value.status, result.value.attempts]).toEqual(['completed', 1]);
    expect(w.mobileMoney.transfers.map((t) => [t.reference, t.msisdn, t.amount])).toEqual([['STL-20261116-SHOP-1', '+250788000001', Money.ofFrancs(9_922)]]);
    expect(w.ledger.balance('merchant_payable:m1')).toEqual(Money.ofCentimes(50));
    expect(await paySettlementBatch(w, { batchId })).toEqual({ ok: false, error: 'payout_transition_not_allowed' });
    expect(await paySettlementBatch(w, { batchId, retry: true })).toEqual({ ok: false, error: 'payout_transition_not_allowed' });
  });

  it('fails when the provider refuses, and a retry pays under a new transfer reference', async () => {
    const { w, batchId } = await batchReady();
    w.mobileMoney.failWith = 'mobile_money_refused';
    const failed = await paySettlementBatch(w, { batchId });
    expect(failed.ok && failed.value.status).toBe('failed');
    expect(w.ledger.balance('merchant_payable:m1')).toEqual(Money.ofCentimes(992_250));
    expect(await paySettlementBatch(w, { batchId })).toEqual({ ok: false, error: 'payout_transition_not_allowed' });
    w.mobileMoney.failWith = undefined;
    const retried = await paySettlementBatch(w, { batchId, retry: true });
    expect(retried.ok && [retried.value.status, retried.value.attempts]).toEqual(['completed', 2]);
    expect(w.mobileMoney.transfers.map((t) => t.reference)).toEqual(['STL-20261116-SHOP-1-2']);
    expect(await paySettlementBatch(w, { batchId: 'nope' })).toEqual({ ok: false, error: 'batch_not_found' });
  });
});
