/**
 * Pay a settlement batch to the merchant's wallet; a failed batch is retried with a new reference.
 *
 * Guarantees
 * - Paying moves the batch to processing on its attempt, in the unit of work that books the
 *   transfer; it stays processing while the provider has merely accepted the transfer, since an
 *   accepted disbursement can still fail. → completed only when the transfer completes (the
 *   provider's own final word, by callback or poll, through core/transfers SettleTransfer and
 *   SettlementBatchTransfers below), → failed when the transfer fails: refused, unreachable, or
 *   failed later (booked back by core/transfers). `retry` moves failed → processing and pays again
 *   under a new transfer reference (the failed one moved no money). A batch interrupted before the
 *   provider was asked pays again under the same reference, so the provider pays once. A
 *   completed batch is never paid twice. The batch answered is as it stands after the sending: a
 *   transfer settled at once (the sandbox) has completed or failed it already.
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
import type { OutgoingTransfer } from '../transfers/transfer.ts';
import { attemptToPay, isPaidBy, payPayoutAttempt, transitionPayout, type PayoutEvent, type PayoutsPaidByTransfer, type PayoutTransferDeps } from './payout-status.ts';
import type { SettlementBatchRepository } from './ports.ts';
import type { SettlementBatch } from './settlement-batch.ts';

export interface PaySettlementBatchDeps extends PayoutTransferDeps {
  batches: SettlementBatchRepository;
  merchants: MerchantRepository;
  journal: JournalWriter;
  ids: IdGenerator;
}

export class PaySettlementBatch {
  constructor(private readonly deps: PaySettlementBatchDeps) {}

  async execute(input: { batchId: string; retry?: boolean }): Promise<Result<SettlementBatch, 'batch_not_found' | 'payout_transition_not_allowed'>> {
    const { deps } = this;
    const batch = await deps.batches.findById(input.batchId);
    if (!batch) return err('batch_not_found');
    const attempt = attemptToPay(batch, input.retry ?? false);
    if (!attempt.ok) return attempt;
    const merchant = await deps.merchants.findById(batch.merchantId);
    invariant(merchant, `batch ${batch.id} names an unknown merchant`);
    if (batch.reversedAmount.isPositive()) await netReversals(deps, batch);
    const paid = await payPayoutAttempt(deps, deps.batches, batch, attempt.value, {
      purpose: 'merchant_settlement',
      debitedAccount: accounts.merchantPayable(batch.merchantId),
      transferReference: batch.batchReference,
      memberId: merchant.ownerId,
      wallet: merchant.payoutWallet,
      amount: batch.payoutAmount,
      description: `Ikimina settlement ${batch.batchReference}`,
    });
    return ok(paid);
  }
}

/** The settlement batches paid by `merchant_settlement` transfers, for their PayoutTransferPolicy. */
export class SettlementBatchTransfers implements PayoutsPaidByTransfer {
  constructor(private readonly batches: Pick<SettlementBatchRepository, 'findById' | 'save'>) {}

  async settle(transfer: OutgoingTransfer, event: PayoutEvent): Promise<boolean> {
    const batch = await this.batches.findById(transfer.subjectId);
    if (!batch || !isPaidBy(batch, transfer)) return false;
    const status = transitionPayout(batch.status, event);
    invariant(status.ok, 'a processing batch can complete or fail');
    await this.batches.save({ ...batch, status: status.value });
    return true;
  }
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
  const posted = await deps.uow.run(() => deps.journal.post(entry.value));
  // 'exists': netted on an earlier attempt of this batch.
  invariant(posted.ok || posted.error === 'exists', `batch ${batch.id}: its reversals could not be netted: ${posted.ok ? '' : posted.error}`);
}
