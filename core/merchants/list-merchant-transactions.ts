/**
 * The merchant's transactions of a period with their statistics (GET /api/merchants/{id}/transactions
 * and its CSV export): the rules of core/merchants/merchant-payments.ts.
 *
 * Guarantees
 * - Only the owner reads them (`merchant_not_found` otherwise).
 * - Each transaction comes with its reversal and, for a card payment, its refund as the owner sees
 *   it (all reversals and all refunds in one read each).
 * - The withholdings for working capital of the period's settlements come as their own lines.
 */
import { ok, type Result } from '../shared/result.ts';
import { refundAsOwnerSees } from './merchant-card-refund.ts';
import { ownedMerchant } from './merchant-access.ts';
import type { RegisteredMerchant } from './merchant-profile.ts';
import { transactionStatistics, type RefundsByTransaction, type ReversalsByTransaction, type TransactionStatistics, type WorkingCapitalWithholding } from './merchant-payments.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { MerchantCardRefunds, MerchantPaymentReads, MerchantRegistry, MerchantReversals, SettlementReads } from './ports.ts';

/** The period's transactions with their reversals, refunds and statistics, and the settlements' withholdings. */
export interface MerchantTransactionsListed {
  merchant: RegisteredMerchant;
  transactions: MerchantTransaction[];
  reversals: ReversalsByTransaction;
  refunds: RefundsByTransaction;
  statistics: TransactionStatistics;
  withholdings: WorkingCapitalWithholding[];
}

export class ListMerchantTransactions {
  constructor(
    private readonly deps: {
      registry: MerchantRegistry;
      payments: MerchantPaymentReads;
      reversals: Pick<MerchantReversals, 'listForMerchant'>;
      cardRefunds: Pick<MerchantCardRefunds, 'listForMerchant'>;
      settlements?: SettlementReads;
    },
  ) {}

  /** The transactions of the period, and the withholdings of the settlements of the period (their own lines, since they belong to batches). */
  async execute(input: { merchantId: string; userId: string; from?: Date; to?: Date }): Promise<Result<MerchantTransactionsListed, 'merchant_not_found'>> {
    const owned = await ownedMerchant(this.deps.registry, input);
    if (!owned.ok) return owned;
    const range = { ...(input.from ? { from: input.from } : {}), ...(input.to ? { to: input.to } : {}) };
    const transactions = await this.deps.payments.listForMerchant(owned.value.id, range);
    const reversals = new Map((await this.deps.reversals.listForMerchant(owned.value.id)).map((r) => [r.transactionId, r] as const));
    const refunds = new Map((await this.deps.cardRefunds.listForMerchant(owned.value.id)).flatMap((r) => {
      const seen = refundAsOwnerSees(r);
      return seen ? [[r.transactionId, seen] as const] : [];
    }));
    const batches = (await this.deps.settlements?.listForMerchant(owned.value.id, range)) ?? [];
    const withholdings = batches.flatMap((b) => (b.withheldAmount?.isPositive() ? [{ batchReference: b.batchReference, amount: b.withheldAmount, at: b.createdAt }] : []));
    return ok({ merchant: owned.value, transactions, reversals, refunds, statistics: transactionStatistics(transactions, reversals), withholdings });
  }
}
