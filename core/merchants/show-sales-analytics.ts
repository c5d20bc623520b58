/**
 * The merchant's sales analytics (GET /api/merchants/{id}/analytics): the figures of
 * core/merchants/sales-analytics.ts over its standing sales.
 *
 * Guarantees
 * - Only the owner reads them (`merchant_not_found` otherwise, like an unknown id).
 * - A reversed payment is no sale (core/merchants/merchant-payments.ts `standingSales`).
 * - The sales and reversals it rests on are read through `sales` and `salesReversals`, which may
 *   answer from a read replica a second or two behind (nothing is written on them; the owner's
 *   own reads right after a change they made still go to the primary).
 */
import type { Clock } from '../shared/clock.ts';
import { ok, type Result } from '../shared/result.ts';
import { ownedMerchant } from './merchant-access.ts';
import { standingSales } from './merchant-payments.ts';
import type { MerchantPaymentReads, MerchantRegistry, MerchantReversals } from './ports.ts';
import { salesAnalytics, type SalesAnalytics } from './sales-analytics.ts';

/** The merchant's sales analytics (GET /api/merchants/:id/analytics). */
export class ShowSalesAnalytics {
  constructor(
    private readonly deps: {
      registry: Pick<MerchantRegistry, 'findRegistered'>;
      sales: Pick<MerchantPaymentReads, 'listForMerchant'>;
      salesReversals: Pick<MerchantReversals, 'listForMerchant'>;
      clock: Clock;
    },
  ) {}

  async execute(input: { merchantId: string; userId: string }): Promise<Result<SalesAnalytics, 'merchant_not_found'>> {
    const owned = await ownedMerchant(this.deps.registry, input);
    if (!owned.ok) return owned;
    const [transactions, reversals] = await Promise.all([this.deps.sales.listForMerchant(owned.value.id, {}), this.deps.salesReversals.listForMerchant(owned.value.id)]);
    return ok(salesAnalytics(standingSales(transactions, new Map(reversals.map((r) => [r.transactionId, r] as const))), this.deps.clock.now()));
  }
}
