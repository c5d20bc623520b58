/**
 * A customer's payment to a merchant.
 *
 * Guarantees
 * - A transaction moves `pending` → `completed` (the provider confirmed) or `failed`, once; a
 *   repeated confirmation of a completed one answers `exists`.
 * - A completed transaction's fee, net and commission follow core/merchants/merchant-fee.ts, with
 *   the agent's status at completion; it is covered by at most one settlement batch.
 */
import type { Money } from '../money/money.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';

export type TransactionStatus = 'pending' | 'completed' | 'failed';

export interface MerchantTransaction {
  readonly id: string;
  /** Our reference, also the mobile-money idempotency reference: `merchant-payment:<id>`. */
  readonly transactionReference: string;
  readonly merchantId: string;
  readonly provider: MobileMoneyProvider;
  readonly customerPhoneNumber: string;
  readonly customerName?: string;
  /**
   * The caller's idempotency key (the pay page's `Idempotency-Key` as `pay:<key>`, a USSD step as
   * `ussd:<session>:<step>`), unique among all transactions: one payment per key.
   */
  readonly idempotencyKey?: string;
  readonly amount: Money;
  readonly merchantFee: Money;
  readonly netAmount: Money;
  readonly commission: Money;
  readonly agentId?: string;
  readonly status: TransactionStatus;
  readonly createdAt: Date;
  readonly completedAt?: Date;
  readonly providerReference?: string;
  /**
   * The settlement batch that covers it, as read: the batch whose range of completion times holds
   * its completion (core/settlements/settlement-batch.ts `covers`), or the batch made before
   * ranges that marked the row. Undefined while it waits for a batch. Never written by a save.
   */
  readonly settlementBatchId?: string;
}

/**
 * The reference a person reads, copies and quotes (the customer's receipt, the owner's list): the
 * payment id's first two groups upper-cased, `7F3A91C2-0B4E` (48 random bits: unique in practice,
 * and the payment is found by that id prefix). Never the raw `merchant-payment:<id>` key, which is
 * for the providers and the ledger.
 */
export function receiptReference(transaction: Pick<MerchantTransaction, 'id'>): string {
  return transaction.id.slice(0, 13).toUpperCase();
}
