/**
 * A pending merchant payment concluded from the provider's answer (callback or status poll): a step
 * inside the unit of work of SettleMerchantPaymentReport (core/merchants/settle-merchant-payment-report.ts),
 * which reads the transaction (locked until it commits) and hands it over while it is pending.
 *
 * Guarantees
 * - It completes or fails once: the caller's lock and its `pending` check make two concurrent
 *   reports book it once.
 * - On completion, in the caller's unit of work: the split (fee 2 %, net, commission 0.5 % out of
 *   the fee if the onboarding agent is active now), one balanced ledger entry keyed by the
 *   transaction reference, and a `pending` commission for the agent.
 * - The completion time is read after the merchant's settlement is held off
 *   (`MerchantTransactionRepository.holdSettlementOf`), and is never before the end of the
 *   merchant's last closed range: it never lies in a range a batch has closed.
 */
import { earnsCommission } from '../agents/agent.ts';
import type { Commission } from '../agents/commission.ts';
import type { CommissionRepository } from '../agents/ports.ts';
import { journalEntry } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { invariant } from '../shared/result.ts';
import { paymentPostings, splitPayment } from './merchant-fee.ts';
import { completionTimeAfter } from '../settlements/settlement-batch.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { AgentLookup, MerchantRepository, MerchantTransactionRepository } from './ports.ts';

export interface ConcludeMerchantPaymentDeps {
  merchants: MerchantRepository;
  transactions: MerchantTransactionRepository;
  agents: AgentLookup;
  commissions: CommissionRepository;
  journal: JournalWriter;
  clock: Clock;
  ids: IdGenerator;
}

export interface MerchantPaymentOutcome {
  outcome: 'completed' | 'failed';
  providerReference?: string;
}

/** In the caller's unit of work, on the pending transaction it read (`findByReference`, locked): completes or fails it. */
export async function concludeMerchantPayment(
  deps: ConcludeMerchantPaymentDeps,
  transaction: MerchantTransaction,
  input: MerchantPaymentOutcome,
): Promise<MerchantTransaction> {
  invariant(transaction.status === 'pending', `transaction ${transaction.id} is concluded once`);
  // Before the clock is read: a settlement under way commits first, and none starts until this
  // commits, so the completion time cannot fall inside a range a batch has already closed.
  const closedUntil = await deps.transactions.holdSettlementOf(transaction.merchantId);
  const now = completionTimeAfter(deps.clock.now(), closedUntil);
  const providerReference = input.providerReference ? { providerReference: input.providerReference } : {};
  if (input.outcome === 'failed') {
    const failed: MerchantTransaction = { ...transaction, ...providerReference, status: 'failed' };
    await deps.transactions.save(failed);
    return failed;
  }

  const merchant = await deps.merchants.findById(transaction.merchantId);
  invariant(merchant, `transaction ${transaction.id} names an unknown merchant`);
  const agent = merchant.onboardedByAgentId ? await deps.agents.findById(merchant.onboardedByAgentId) : undefined;
  const agentId = earnsCommission(agent) ? agent.id : undefined;
  const split = splitPayment(transaction.amount, agentId !== undefined);
  const entry = journalEntry({
    id: deps.ids.newId(),
    key: transaction.transactionReference,
    kind: 'merchant_payment_received',
    occurredAt: now,
    postings: paymentPostings(split, transaction.provider, merchant.id, agentId),
  });
  invariant(entry.ok, 'a merchant payment entry always balances');
  const posted = await deps.journal.post(entry.value);
  invariant(posted.ok, `merchant payment ${transaction.id} could not be posted: ${posted.ok ? '' : posted.error}`);

  const completed: MerchantTransaction = {
    ...transaction,
    ...providerReference,
    ...(agentId ? { agentId } : {}),
    merchantFee: split.fee,
    netAmount: split.net,
    commission: split.commission,
    status: 'completed',
    completedAt: now,
  };
  await deps.transactions.save(completed);
  if (agentId && split.commission.isPositive()) {
    const commission: Commission = {
      id: deps.ids.newId(),
      agentId,
      merchantId: merchant.id,
      transactionId: transaction.id,
      commissionType: 'merchant_transaction',
      amount: split.commission,
      status: 'pending',
      createdAt: now,
    };
    await deps.commissions.save(commission);
  }
  return completed;
}
