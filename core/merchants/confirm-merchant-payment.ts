/**
 * Confirm a merchant payment from the provider's answer (callback or status poll): the provider's
 * report reaches it through SettleMerchantPaymentReport (core/merchants/settle-merchant-payment-report.ts),
 * which reads the transaction in its own unit of work and concludes it with `concludeMerchantPayment`.
 *
 * Guarantees
 * - One unit of work, one read of the transaction (locked until it commits: two concurrent
 *   confirmations book it once). It completes or fails once; a repeated confirmation answers `exists`.
 * - On completion, in one unit of work: the split (fee 2 %, net, commission 0.5 % out of the fee if
 *   the onboarding agent is active now), one balanced ledger entry keyed by the transaction
 *   reference, and a `pending` commission for the agent.
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
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { paymentPostings, splitPayment } from './merchant-fee.ts';
import { completionTimeAfter } from '../settlements/settlement-batch.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { AgentLookup, MerchantRepository, MerchantTransactionRepository } from './ports.ts';

export interface ConfirmMerchantPaymentDeps {
  merchants: MerchantRepository;
  transactions: MerchantTransactionRepository;
  agents: AgentLookup;
  commissions: CommissionRepository;
  journal: JournalWriter;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export interface ConfirmMerchantPaymentInput {
  transactionReference: string;
  outcome: 'completed' | 'failed';
  providerReference?: string;
}

export class ConfirmMerchantPayment {
  constructor(private readonly deps: ConfirmMerchantPaymentDeps) {}

  execute(input: ConfirmMerchantPaymentInput): Promise<Result<MerchantTransaction, 'transaction_not_found' | 'exists'>> {
    const { uow, transactions } = this.deps;
    return uow.run(async () => {
      const transaction = await transactions.findByReference(input.transactionReference);
      if (!transaction) return err('transaction_not_found');
      if (transaction.status !== 'pending') return err('exists');
      return ok(await concludeMerchantPayment(this.deps, transaction, input));
    });
  }
}

/** In the caller's unit of work, on the pending transaction it read (`findByReference`, locked): completes or fails it. */
export async function concludeMerchantPayment(
  deps: Omit<ConfirmMerchantPaymentDeps, 'uow'>,
  transaction: MerchantTransaction,
  input: Omit<ConfirmMerchantPaymentInput, 'transactionReference'>,
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
