/**
 * A customer's receipt of a payment to a merchant (GET /api/pay/payments/{id}), read by its id:
 * an unguessable UUID the payer was given.
 *
 * Guarantees
 * - An unknown id answers `payment_not_found`; the payer's number is masked; the business is
 *   shown as the public sees it (core/merchants/pay-page-view.ts): paid, so verified once, it
 *   stays shown as suspended if it was suspended since.
 */
import { err, ok, type Result } from '../shared/result.ts';
import { publicStanding } from './merchant.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import { maskPhone, publicView, type PublicMerchant } from './pay-page-view.ts';
import type { MerchantPaymentReads, MerchantRegistry } from './ports.ts';

export interface MerchantReceipt {
  transaction: MerchantTransaction;
  merchant: PublicMerchant;
  maskedPhoneNumber: string;
}

export class ShowMerchantReceipt {
  constructor(private readonly deps: { registry: Pick<MerchantRegistry, 'findRegistered'>; payments: Pick<MerchantPaymentReads, 'findById'> }) {}

  async execute(input: { transactionId: string }): Promise<Result<MerchantReceipt, 'payment_not_found'>> {
    const transaction = await this.deps.payments.findById(input.transactionId);
    if (!transaction) return err('payment_not_found');
    const merchant = await this.deps.registry.findRegistered(transaction.merchantId);
    if (!merchant) return err('payment_not_found');
    // Paid, so verified once: it stays shown as suspended if it was suspended since.
    const standing = publicStanding(merchant) === 'accepting' ? 'accepting' : 'suspended';
    return ok({ transaction, merchant: publicView(merchant, standing), maskedPhoneNumber: maskPhone(transaction.customerPhoneNumber) });
  }
}
