/**
 * The one way a customer's payment to a merchant is started, whichever use case asks
 * (RequestMerchantPayment by the merchant's id, PayMerchant by its code from the pay page or
 * USSD): the rules it must pass are written here once (`merchantPaymentRefusal`), and it is stored
 * before the provider is asked.
 *
 * Guarantees
 * - Only an active merchant accepts payments; the amount is whole francs, at least 1 RWF
 *   (`merchantPaymentRefusal`, which the calling use case checks before anything is counted or
 *   stored).
 * - The transaction is saved `pending` before the provider is asked, with the reference the
 *   provider's callback will name, so a retried request collects once.
 * - Under an idempotency key, one key starts at most one collection: a repeat with the same
 *   merchant, amount, number and name answers the transaction already started (the provider is
 *   not asked again), one with anything else answers `idempotency_key_reused`. Requests that race
 *   with one key are decided by the store's unique key: the loser answers the winner's transaction.
 * - A refusal by the provider leaves the transaction `failed`.
 */
import { Money } from '../money/money.ts';
import type { MobileMoney, MobileMoneyError, MobileMoneyProvider } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { acceptsPayments, type Merchant } from './merchant.ts';
import { splitPayment } from './merchant-fee.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';
import type { MerchantTransactionRepository } from './ports.ts';

export interface StartMerchantPaymentDeps {
  transactions: MerchantTransactionRepository;
  mobileMoney: Pick<MobileMoney, 'requestToPay'>;
  clock: Clock;
  ids: IdGenerator;
}

export interface MerchantPaymentRequest {
  amount: Money;
  provider: MobileMoneyProvider;
  customerPhoneNumber: string;
  customerName?: string;
  /** The caller's key for this payment (see MerchantTransaction.idempotencyKey). */
  idempotencyKey?: string;
}

export type MerchantPaymentRefusal = 'merchant_not_active' | 'payment_amount_invalid';

/** Why this merchant cannot be paid this amount (undefined: no amount could be read), or undefined when it can. */
export function merchantPaymentRefusal(merchant: Merchant, amount: Money | undefined): MerchantPaymentRefusal | undefined {
  if (!acceptsPayments(merchant)) return 'merchant_not_active';
  if (!amount || amount.lessThan(Money.ofFrancs(1)) || amount.centimes % 100 !== 0) return 'payment_amount_invalid';
  return undefined;
}

export type StartMerchantPaymentError = 'idempotency_key_reused' | MobileMoneyError;

/** A payment requested: the transaction, and whether it was started earlier under the same key. */
export interface RequestedMerchantPayment {
  transaction: MerchantTransaction;
  repeated: boolean;
}

/** Whether a transaction already started under a key is the one this request asks for. */
const sameRequest = (t: MerchantTransaction, merchant: Merchant, input: MerchantPaymentRequest) =>
  t.merchantId === merchant.id &&
  t.amount.equals(input.amount) &&
  t.customerPhoneNumber === input.customerPhoneNumber &&
  (t.customerName ?? '') === (input.customerName ?? '');

function answerRepeat(t: MerchantTransaction, merchant: Merchant, input: MerchantPaymentRequest): Result<RequestedMerchantPayment, StartMerchantPaymentError> {
  return sameRequest(t, merchant, input) ? ok({ transaction: t, repeated: true }) : err('idempotency_key_reused');
}

/**
 * Starts the payment of a merchant that passed `merchantPaymentRefusal`. `earlier`: the
 * transaction the caller already found under the request's idempotency key (`null`: it looked
 * and found none), so that the key is read once per request.
 */
export async function startMerchantPayment(
  deps: StartMerchantPaymentDeps,
  merchant: Merchant,
  input: MerchantPaymentRequest,
  earlier?: MerchantTransaction | null,
): Promise<Result<RequestedMerchantPayment, StartMerchantPaymentError>> {
  const key = input.idempotencyKey;
  if (key !== undefined) {
    const found = earlier === undefined ? await deps.transactions.findByIdempotencyKey(key) : earlier;
    if (found) return answerRepeat(found, merchant, input);
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
    return winner ? answerRepeat(winner, merchant, input) : err('idempotency_key_reused');
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
