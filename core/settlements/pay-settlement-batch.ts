/**
 * Pay a settlement batch to the merchant's wallet; a failed batch is retried with a new reference.
 *
 * Guarantees
 * - processing → completed when the provider accepts the transfer, → failed when it refuses or
 *   cannot be reached (the transfer is booked back: core/transfers); `retry` moves failed →
 *   processing and pays again under a new transfer reference (the refused one moved no money). A
 *   batch interrupted before its outcome was recorded pays again under the same reference, so the
 *   provider pays once. A completed batch is never paid twice.
 * - The transfer carries the batch's own reference (`transferReference`), debits the merchant
 *   payable and credits the provider's clearing account; the fraction stays in the payable.
 * - A batch with negative lines (reversals) first nets them, once (keyed
 *   `settlement-netting:<batchId>`): the reversed nets move from the payable to the merchant's
 *   receivable, which the reversals debited, so the payable then holds exactly the payout and
 *   the fraction carried (core/merchants/merchant-reversal.ts).
 */
import { accounts } from '../ledger/accounts.ts';
import { journalEntry } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import { nettingPostings } from '../merchants/merchant-reversal.ts';
import type { IdGenerator } from '../shared/clock.ts';
import type { MerchantRepository } from '../merchants/ports.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import { attemptToPay, transferPayout, transitionPayout, type PayoutTransferDeps } from './payout-status.ts';
import type { SettlementBatchRepository } from './ports.ts';
import type { SettlementBatch } from './settlement-batch.ts';

export interface PaySettlementBatchDeps extends PayoutTransferDeps {
  batches: SettlementBatchRepository;
  merchants: MerchantRepository;
  journal: JournalWriter;
  ids: IdGenerator;
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
  if (batch.reversedAmount.isPositive()) await netReversals(deps, batch);
  const accepted = await transferPayout(deps, {
    purpose: 'merchant_settlement',
    subjectId: batch.id,
    debitedAccount: accounts.merchantPayable(batch.merchantId),
    transferReference: batch.batchReference,
    attempt: attempt.value,
    memberId: merchant.ownerId,
    wallet: merchant.payoutWallet,
    amount: batch.payoutAmount,
    description: `Ikimina settlement ${batch.batchReference}`,
  });
  return deps.unitOfWork.run(async () => {
    const status = transitionPayout('processing', accepted ? 'complete' : 'fail');
    invariant(status.ok, 'a processing batch can complete or fail');
    const settled: SettlementBatch = { ...batch, status: status.value, attempts: attempt.value };
    await deps.batches.save(settled);
    return ok(settled);
  });
}

async function netReversals(deps: PaySettlementBatchDeps, batch: SettlementBatch): Promise<void> {
  const entry = journalEntry({
    id: deps.ids.newId(),
    key: `settlement-netting:${batch.id}`,
    kind: 'merchant_reversals_netted',
    occurredAt: batch.createdAt,
    postings: nettingPostings(batch.merchantId, batch.reversedAmount),
  });
  invariant(entry.ok, 'a netting entry always balances');
  const posted = await deps.unitOfWork.run(() => deps.journal.post(entry.value));
  // 'exists': netted on an earlier attempt of this batch.
  invariant(posted.ok || posted.error === 'exists', `batch ${batch.id}: its reversals could not be netted: ${posted.ok ? '' : posted.error}`);
}
