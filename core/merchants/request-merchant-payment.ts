/**
 * Request a customer's payment to a merchant (QR pay page or USSD): a mobile-money collection.
 *
 * Guarantees
 * - Only an active merchant accepts payments; the amount is whole francs, at least 1 RWF.
 * - The transaction is saved `pending` before the provider is asked, with the reference the
 *   provider's callback will name, so a retried request collects once.
 */
import type { MobileMoney, MobileMoneyError, MobileMoneyProvider } from '../payments/ports.ts';
import { Money } from '../money/money.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { acceptsPayments } from './merchant.ts';
import { splitPayment } from './merchant-fee.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { MerchantRepository, MerchantTransactionRepository } from './ports.ts';

export interface RequestMerchantPaymentDeps {
  merchants: MerchantRepository;
  transactions: MerchantTransactionRepository;
  mobileMoney: Pick<MobileMoney, 'requestToPay'>;
  clock: Clock;
  ids: IdGenerator;
}

export interface RequestMerchantPaymentInput {
  merchantId: string;
  amount: Money;
  provider: MobileMoneyProvider;
  customerPhoneNumber: string;
  customerName?: string;
}

export type RequestMerchantPaymentError = 'merchant_not_found' | 'merchant_not_active' | 'payment_amount_invalid' | MobileMoneyError;

export async function requestMerchantPayment(
  deps: RequestMerchantPaymentDeps,
  input: RequestMerchantPaymentInput,
): Promise<Result<MerchantTransaction, RequestMerchantPaymentError>> {
  const merchant = await deps.merchants.findById(input.merchantId);
  if (!merchant) return err('merchant_not_found');
  if (!acceptsPayments(merchant)) return err('merchant_not_active');
  if (input.amount.lessThan(Money.ofFrancs(1)) || input.amount.centimes % 100 !== 0) return err('payment_amount_invalid');

  const id = deps.ids.newId();
  const split = splitPayment(input.amount, false);
  const transaction: MerchantTransaction = {
    id,
    transactionReference: `merchant-payment:${id}`,
    merchantId: merchant.id,
    provider: input.provider,
    customerPhoneNumber: input.customerPhoneNumber,
    ...(input.customerName ? { customerName: input.customerName } : {}),
    amount: input.amount,
    merchantFee: split.fee,
    netAmount: split.net,
    commission: split.commission,
    status: 'pending',
    createdAt: deps.clock.now(),
  };
  await deps.transactions.save(transaction);
  const requested = await deps.mobileMoney.requestToPay({
    reference: transaction.transactionReference,
    provider: input.provider,
    msisdn: input.customerPhoneNumber,
    amount: input.amount,
    description: `Ikimina: ${merchant.businessName}`,
  });
  if (!requested.ok) {
    await deps.transactions.save({ ...transaction, status: 'failed' });
    return requested;
  }
  return ok(transaction);
}
