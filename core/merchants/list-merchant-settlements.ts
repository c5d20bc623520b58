/**
 * The merchant's settlement batches of a period with what is still pending (GET
 * /api/merchants/{id}/settlements and its CSV export): the rules of core/merchants/merchant-payments.ts.
 *
 * Guarantees
 * - Only the owner reads them (`merchant_not_found` otherwise).
 * - Each batch comes with its negative lines (the reversals dated in its range).
 */
import type { Money } from '../money/money.ts';
import { ok, type Result } from '../shared/result.ts';
import type { SettlementBatch } from '../settlements/settlement-batch.ts';
import { ownedMerchant } from './merchant-access.ts';
import { pendingSettlement } from './merchant-payments.ts';
import type { RegisteredMerchant } from './merchant-profile.ts';
import type { MerchantPaymentReversal } from './merchant-reversal.ts';
import type { MerchantPaymentReads, MerchantRegistry, MerchantReversals, SettlementReads } from './ports.ts';

/** The period's batches with their negative lines, and what no batch holds yet. */
export interface MerchantSettlementsListed {
  merchant: RegisteredMerchant;
  settlements: SettlementBatch[];
  negativeLines: ReadonlyMap<string, MerchantPaymentReversal[]>;
  pending: { amount: Money; transactionCount: number };
}

export class ListMerchantSettlements {
  constructor(private readonly deps: { registry: MerchantRegistry; payments: MerchantPaymentReads; settlements: SettlementReads; reversals: Pick<MerchantReversals, 'listInRange' | 'listAwaitingSettlement'> }) {}

  async execute(input: { merchantId: string; userId: string; from?: Date; to?: Date }): Promise<Result<MerchantSettlementsListed, 'merchant_not_found'>> {
    const owned = await ownedMerchant(this.deps.registry, input);
    if (!owned.ok) return owned;
    const range = { ...(input.from ? { from: input.from } : {}), ...(input.to ? { to: input.to } : {}) };
    const settlements = await this.deps.settlements.listForMerchant(owned.value.id, range);
    const pending = pendingSettlement(await this.deps.payments.listForMerchant(owned.value.id, {}), await this.deps.reversals.listAwaitingSettlement(owned.value.id));
    const negativeLines = new Map<string, MerchantPaymentReversal[]>();
    for (const batch of settlements) {
      if (batch.totalReversals > 0 && batch.coveredFrom && batch.coveredUntil) negativeLines.set(batch.id, await this.deps.reversals.listInRange(batch.merchantId, batch.coveredFrom, batch.coveredUntil));
    }
    return ok({ merchant: owned.value, settlements, negativeLines, pending });
  }
}
