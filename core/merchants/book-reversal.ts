/** The reversal entry and row of a merchant payment, shared by both refunds (to a wallet, to a card). */
import type { CommissionRepository } from '../agents/ports.ts';
import { journalEntry } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import { completionTimeAfter } from '../settlements/settlement-batch.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { invariant } from '../shared/result.ts';
import { refundReference, reversalPostings, type MerchantPaymentReversal } from './merchant-reversal.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { CommissionOfTransaction, MerchantReversals, MerchantTransactionRepository } from './ports.ts';

export interface BookReversalDeps {
  transactions: Pick<MerchantTransactionRepository, 'holdSettlementOf'>;
  reversals: Pick<MerchantReversals, 'add'>;
  commissions: CommissionRepository & CommissionOfTransaction;
  journal: JournalWriter;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Books a reversal of a payment locked by the caller's unit of work (core/merchants/reverse-merchant-payment.ts, Guarantees):
 * dated as a completion, the reversal entry, the reversal row, the agent's pending commission
 * taken back. The refund to the payer is the caller's (a transfer, or the card processor's).
 */
export async function bookReversal(
  deps: BookReversalDeps,
  transaction: MerchantTransaction,
  reason: string,
  actor: string,
): Promise<MerchantPaymentReversal> {
  const { transactions, reversals, commissions, journal, ids } = deps;
  // As a completion: a settlement under way commits first, and the date is never inside a closed range.
  const closedUntil = await transactions.holdSettlementOf(transaction.merchantId);
  const reversedAt = completionTimeAfter(deps.clock.now(), closedUntil);
  const commission = transaction.agentId ? await commissions.findByTransaction(transaction.id) : undefined;
  const commissionOwed = commission?.status === 'pending' && commission.payoutId === undefined;

  const entry = journalEntry({ id: ids.newId(), key: `merchant-reversal:${transaction.id}`, kind: 'merchant_payment_reversed', occurredAt: reversedAt, postings: reversalPostings(transaction, commissionOwed) });
  invariant(entry.ok, 'a reversal entry always balances');
  const posted = await journal.post(entry.value);
  invariant(posted.ok, `reversal of ${transaction.id} could not be posted: ${posted.ok ? '' : posted.error}`);

  const reversal: MerchantPaymentReversal = {
    id: ids.newId(),
    transactionId: transaction.id,
    merchantId: transaction.merchantId,
    amount: transaction.amount,
    merchantFee: transaction.merchantFee,
    netAmount: transaction.netAmount,
    commission: transaction.commission,
    commissionReversed: commissionOwed,
    reason,
    reversedBy: actor,
    reversedAt,
    refundReference: refundReference(transaction.id),
  };
  const added = await reversals.add(reversal);
  invariant(added === 'added', `payment ${transaction.id} was reversed under its lock`);
  if (commission && commissionOwed) await commissions.save({ ...commission, status: 'reversed' });
  return reversal;
}
