/**
 * Request a customer's payment to a merchant (QR pay page or USSD): a mobile-money collection.
 *
 * Guarantees
 * - Only an active merchant accepts payments; the amount is whole francs, at least 1 RWF.
 * - The transaction is saved `pending` before the provider is asked, with the reference the
 *   provider's callback will name, so a retried request collects once.
 * - Under an idempotency key, one key starts at most one collection: a repeat with the same
 *   merchant, amount and number answers the transaction already started (the provider is not
 *   asked again), one with anything else answers `idempotency_key_reused`. Requests that race with
 *   one key are decided by the store's unique key: the loser answers the winner's transaction.
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
  /** The caller's key for this payment (see MerchantTransaction.idempotencyKey). */
  idempotencyKey?: string;
}

export type RequestMerchantPaymentError = 'merchant_not_found' | 'merchant_not_active' | 'payment_amount_invalid' | 'idempotency_key_reused' | MobileMoneyError;

/** Whether a transaction already started under a key is the one this request asks for. */
const sameRequest = (t: MerchantTransaction, input: RequestMerchantPaymentInput) =>
  t.merchantId === input.merchantId &&
  t.amount.equals(input.amount) &&
  t.customerPhoneNumber === input.customerPhoneNumber &&
  (t.customerName ?? '') === (input.customerName ?? '');

/** A payment requested: the transaction, and whether it was started earlier under the same key. */
export interface RequestedMerchantPayment {
  transaction: MerchantTransaction;
  repeated: boolean;
}

function answerRepeat(t: MerchantTransaction, input: RequestMerchantPaymentInput): Result<RequestedMerchantPayment, RequestMerchantPaymentError> {
  return sameRequest(t, input) ? ok({ transaction: t, repeated: true }) : err('idempotency_key_reused');
}

export async function requestMerchantPayment(
  deps: RequestMerchantPaymentDeps,
  input: RequestMerchantPaymentInput,
): Promise<Result<MerchantTransaction, RequestMerchantPaymentError>> {
  const requested = await startMerchantPayment(deps, input);
  return requested.ok ? ok(requested.value.transaction) : requested;
}

/** `requestMerchantPayment`, telling a repeat under an idempotency key from a new payment. */
export async function startMerchantPayment(
  deps: RequestMerchantPaymentDeps,
  input: RequestMerchantPaymentInput,
): Promise<Result<RequestedMerchantPayment, RequestMerchantPaymentError>> {
  const merchant = await deps.merchants.findById(input.merchantId);
  if (!merchant) return err('merchant_not_found');
  if (!acceptsPayments(merchant)) return err('merchant_not_active');
  if (input.amount.lessThan(Money.ofFrancs(1)) || input.amount.centimes % 100 !== 0) return err('payment_amount_invalid');

  const key = input.idempotencyKey;
  if (key !== undefined) {
    const earlier = await deps.transactions.findByIdempotencyKey(key);
    if (earlier) return answerRepeat(earlier, input);
  }

  const id = deps.ids.newId();
  const split = splitPayment(input.amount, false);
  const transaction: MerchantTransaction = {
    id,
    transactionReference: `merchant-payment:${id}`,
    merchantId: merchant.id,
    provider: input.provider,
    customerPhoneNumber: input.customerPhoneNumber,
    ...(input.customerName ? { customerName: input.customerName } : {}),
    ...(key !== undefined ? { idempotencyKey: key } : {}),
    amount: input.amount,
    merchantFee: split.fee,
    netAmount: split.net,
    commission: split.commission,
    status: 'pending',
    createdAt: deps.clock.now(),
  };
  if (key === undefined) await deps.transactions.save(transaction);
  else if ((await deps.transactions.start({ ...transaction, idempotencyKey: key })) === 'idempotency_key_taken') {
    const winner = await deps.transactions.findByIdempotencyKey(key);
    // The key's holder cannot vanish (transactions are never deleted); answered as a reuse if it did.
    return winner ? answerRepeat(winner, input) : err('idempotency_key_reused');
  }
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
  return ok({ transaction, repeated: false });
}
