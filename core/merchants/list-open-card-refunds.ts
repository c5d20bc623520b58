/**
 * A merchant's card refunds still open at the processor (requested or pending), by the payment
 * refunded: what the admin's `settlements show` notes beside a batch's paid-out payments.
 *
 * Guarantees
 * - Reads only, without locking; a refund settled (succeeded or failed) is not listed.
 */
import type { MerchantCardRefund } from './merchant-card-refund.ts';
import type { MerchantCardRefunds } from './ports.ts';

export class ListOpenCardRefunds {
  constructor(private readonly deps: { cardRefunds: Pick<MerchantCardRefunds, 'listForMerchant'> }) {}

  async execute(input: { merchantId: string }): Promise<Map<string, MerchantCardRefund>> {
    const refunds = await this.deps.cardRefunds.listForMerchant(input.merchantId);
    return new Map(refunds.filter((r) => r.status === 'requested' || r.status === 'pending').map((r) => [r.transactionId, r]));
  }
}
