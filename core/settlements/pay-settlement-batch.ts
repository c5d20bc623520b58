/**
 * Pay a settlement batch to the merchant's wallet; a failed batch is retried with the same reference.
 *
 * Guarantees
 * - processing → completed when the provider accepts the transfer (the merchant payable is debited
 *   in the same unit of work), → failed when it refuses; `retry` moves failed → processing and pays
 *   again under a new transfer reference (the refused one moved no money). A batch interrupted
 *   before its outcome was recorded pays again under the same reference, so the provider pays once.
 *   A completed batch is never paid twice.
 */
import { accounts } from '../ledger/accounts.ts';
import type { MerchantRepository } from '../merchants/ports.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import { payOut, type PayOutDeps } from './pay-out.ts';
import { attemptToPay, transitionPayout } from './payout-status.ts';
import type { SettlementBatchRepository } from './ports.ts';
import { transferReference, type SettlementBatch } from './settlement-batch.ts';

export interface PaySettlementBatchDeps extends PayOutDeps {
  batches: SettlementBatchRepository;
  merchants: MerchantRepository;
}

export async function paySettlementBatch(
  deps: PaySettlementBatchDeps,
  input: { batchId: string; retry?: boolean },
): Promise<Result<SettlementBatch, 'batch_not_found' | 'payout_transition_not_allowed'>> {
  const batch = await deps.batches.findById(input.batchId);
  if (!batch) return err('batch_not_found');
  const attempt = attemptToPay(batch, input.retry ?? false);
  if (!attempt.ok) return attempt;
  const merchant = await deps.merchants.findById(batch.merchantId);
  invariant(merchant, `batch ${batch.id} names an unknown merchant`);
  const payout = {
    reference: transferReference(batch.batchReference, attempt.value),
    kind: 'merchant_settlement_paid',
    payable: accounts.merchantPayable(batch.merchantId),
    amount: batch.payoutAmount,
    wallet: merchant.payoutWallet,
    description: `Ikimina settlement ${batch.batchReference}`,
  };
  return payOut(deps, payout, async (accepted) => {
    const status = transitionPayout('processing', accepted ? 'complete' : 'fail');
    invariant(status.ok, 'a processing batch can complete or fail');
    const settled: SettlementBatch = { ...batch, status: status.value, attempts: attempt.value };
    await deps.batches.save(settled);
    return ok(settled);
  });
}
