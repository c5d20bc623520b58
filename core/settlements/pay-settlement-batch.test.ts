import { describe, expect, it } from 'vitest';
import { accounts } from '../ledger/accounts.ts';
import { credit, debit, journalEntry } from '../ledger/journal-entry.ts';
import { Money } from '../money/money.ts';
import { CreateSettlementBatches } from './create-settlement-batches.ts';
import { PaySettlementBatch } from './pay-settlement-batch.ts';
import { weekOfPayments } from './settlement-flow.fixtures.ts';

async function batchReady() {
  const w = await weekOfPayments([10_000, 125]);
  w.clock.set('2026-11-22T22:30:00Z');
  const [batch] = await new CreateSettlementBatches(w).execute();
  return { w, batchId: batch!.id };
}

describe('pay settlement batch', () => {
  it('stays processing once the provider accepted the transfer, and completes only on the provider’s success; the fraction stays', async () => {
    const { w, batchId } = await batchReady();
    const result = await new PaySettlementBatch(w).execute({ batchId });
    expect(result.ok && [result.value.status, result.value.attempts]).toEqual(['processing', 1]);
    expect(w.mobileMoney.transfers.map((t) => [t.reference, t.msisdn, t.amount])).toEqual([['STL-20261116-SHOP-1', '+250788000001', Money.ofFrancs(9_922)]]);
    expect(w.ledger.balance('merchant_payable:m1')).toEqual(Money.ofCentimes(50));
    // Paid again while processing (an interruption): the same attempt, the same reference, nothing booked twice.
    const again = await new PaySettlementBatch(w).execute({ batchId });
    expect(again.ok && [again.value.status, again.value.attempts]).toEqual(['processing', 1]);
    expect(w.mobileMoney.transfers).toHaveLength(1);
    expect(w.ledger.balance('merchant_payable:m1')).toEqual(Money.ofCentimes(50));
    expect(await new PaySettlementBatch(w).execute({ batchId, retry: true })).toEqual({ ok: false, error: 'payout_transition_not_allowed' });

    expect(await w.settleTransfer.execute({ reference: 'STL-20261116-SHOP-1', status: 'successful', providerTransactionId: 'MTN-9' })).toEqual({ ok: true, value: 'applied' });
    expect(await w.batches.findById(batchId)).toMatchObject({ status: 'completed', attempts: 1 });
    expect(await w.settleTransfer.execute({ reference: 'STL-20261116-SHOP-1', status: 'successful' })).toEqual({ ok: true, value: 'exists' });
    expect(await new PaySettlementBatch(w).execute({ batchId })).toEqual({ ok: false, error: 'payout_transition_not_allowed' });
    expect(await new PaySettlementBatch(w).execute({ batchId, retry: true })).toEqual({ ok: false, error: 'payout_transition_not_allowed' });
    expect(w.ledger.balance('merchant_payable:m1')).toEqual(Money.ofCentimes(50));
  });

  it('fails when the provider refuses, and a retry pays under a new transfer reference', async () => {
    const { w, batchId } = await batchReady();
    w.mobileMoney.failWith = 'mobile_money_refused';
    const failed = await new PaySettlementBatch(w).execute({ batchId });
    expect(failed.ok && failed.value.status).toBe('failed');
    expect(w.ledger.balance('merchant_payable:m1')).toEqual(Money.ofCentimes(992_250));
    expect(await new PaySettlementBatch(w).execute({ batchId })).toEqual({ ok: false, error: 'payout_transition_not_allowed' });
    w.mobileMoney.failWith = undefined;
    const retried = await new PaySettlementBatch(w).execute({ batchId, retry: true });
    expect(retried.ok && [retried.value.status, retried.value.attempts]).toEqual(['processing', 2]);
    expect(w.mobileMoney.transfers.map((t) => t.reference)).toEqual(['STL-20261116-SHOP-1-2']);
    await w.settleTransfer.execute({ reference: 'STL-20261116-SHOP-1-2', status: 'successful' });
    expect(await w.batches.findById(batchId)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(await new PaySettlementBatch(w).execute({ batchId: 'nope' })).toEqual({ ok: false, error: 'batch_not_found' });
  });

  it('fails when the provider fails a transfer it had accepted: booked back, retried as a new attempt; a late success of the failed one is disputed', async () => {
    const { w, batchId } = await batchReady();
    await new PaySettlementBatch(w).execute({ batchId });
    expect(await w.settleTransfer.execute({ reference: 'STL-20261116-SHOP-1', status: 'failed', reason: 'PAYEE_NOT_FOUND' })).toEqual({ ok: true, value: 'failed' });
    expect(await w.batches.findById(batchId)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(w.ledger.balance('merchant_payable:m1')).toEqual(Money.ofCentimes(992_250));
    expect(await w.transfers.findByReference('STL-20261116-SHOP-1')).toMatchObject({ status: 'failed', retryAt: undefined });

    const retried = await new PaySettlementBatch(w).execute({ batchId, retry: true });
    expect(retried.ok && [retried.value.status, retried.value.attempts]).toEqual(['processing', 2]);
    expect(w.ledger.balance('merchant_payable:m1')).toEqual(Money.ofCentimes(50));
    // The provider now says the first attempt went through after all: nothing is booked, a person looks.
    expect(await w.settleTransfer.execute({ reference: 'STL-20261116-SHOP-1', status: 'successful' })).toEqual({ ok: true, value: 'contradicts_books' });
    expect(await w.batches.findById(batchId)).toMatchObject({ status: 'processing', attempts: 2 });
    await w.settleTransfer.execute({ reference: 'STL-20261116-SHOP-1-2', status: 'successful' });
    expect(await w.batches.findById(batchId)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(w.ledger.balance('merchant_payable:m1')).toEqual(Money.ofCentimes(50));
  });

  it('ends completed when the provider settles the transfer before its acceptance is recorded (the sandbox)', async () => {
    const { w, batchId } = await batchReady();
    const accept = w.mobileMoney.transfer.bind(w.mobileMoney);
    w.mobileMoney.transfer = async (request) => {
      const accepted = await accept(request);
      await w.settleTransfer.execute({ reference: request.reference, status: 'successful' });
      return accepted;
    };
    const paid = await new PaySettlementBatch(w).execute({ batchId });
    expect(paid.ok && [paid.value.status, paid.value.attempts]).toEqual(['completed', 1]);
    expect(await w.batches.findById(batchId)).toMatchObject({ status: 'completed' });
    expect(await w.transfers.findByReference('STL-20261116-SHOP-1')).toMatchObject({ status: 'completed' });
  });

  it('disputes a failure of a transfer whose batch was completed on its acceptance alone (before this rule), booking nothing back', async () => {
    const { w, batchId } = await batchReady();
    await new PaySettlementBatch(w).execute({ batchId });
    await w.batches.save({ ...(await w.batches.findById(batchId))!, status: 'completed' });
    expect(await w.settleTransfer.execute({ reference: 'STL-20261116-SHOP-1', status: 'failed' })).toEqual({ ok: true, value: 'contradicts_books' });
    expect(await w.transfers.findByReference('STL-20261116-SHOP-1')).toMatchObject({ status: 'disputed' });
    expect(await w.batches.findById(batchId)).toMatchObject({ status: 'completed' });
    expect(w.ledger.balance('merchant_payable:m1')).toEqual(Money.ofCentimes(50));
  });
});

describe('pay a settlement batch with negative lines', () => {
  it('nets the reversed nets from the payable against the receivable once, then pays the rest', async () => {
    const w = await weekOfPayments([10_000, 5_000]);
    // A reversal of the 5,000 payment, as ReverseMerchantPayment books it (its refund aside).
    const reversedNet = Money.ofFrancs(4_900);
    const entry = journalEntry({ id: 'r1', key: 'merchant-reversal:t', kind: 'merchant_payment_reversed', occurredAt: w.clock.now(), postings: [debit(accounts.merchantReceivable('m1'), reversedNet), credit(accounts.feeIncome, reversedNet)] });
    expect(entry.ok && (await w.journal.post(entry.value)).ok).toBe(true);
    w.clock.set('2026-11-22T22:30:00Z');
    const [made] = await new CreateSettlementBatches(w).execute();
    // The batch as the Postgres statement makes it when the reversal is in its range: 9,800 + 4,900 − 4,900.
    const batch = { ...made!, totalReversals: 1, reversedAmount: reversedNet, totalAmount: Money.ofFrancs(9_800), payoutAmount: Money.ofFrancs(9_800), carriedOut: Money.ZERO };
    await w.batches.save(batch);
    w.mobileMoney.failWith = 'mobile_money_refused';
    const failed = await new PaySettlementBatch(w).execute({ batchId: batch.id });
    expect(failed.ok && failed.value.status).toBe('failed');
    expect([w.ledger.balance('merchant_receivable:m1'), w.ledger.balance('merchant_payable:m1')]).toEqual([Money.ZERO, Money.ofFrancs(9_800)]);
    w.mobileMoney.failWith = undefined;
    const paid = await new PaySettlementBatch(w).execute({ batchId: batch.id, retry: true }); // nets nothing the second time
    expect(paid.ok && paid.value.status).toBe('processing');
    await w.settleTransfer.execute({ reference: `${batch.batchReference}-2`, status: 'successful' });
    expect(await w.batches.findById(batch.id)).toMatchObject({ status: 'completed' });
    expect([w.ledger.balance('merchant_receivable:m1'), w.ledger.balance('merchant_payable:m1')]).toEqual([Money.ZERO, Money.ZERO]);
    expect(w.mobileMoney.transfers.map((t) => t.amount)).toEqual([Money.ofFrancs(9_800)]);
  });
});
