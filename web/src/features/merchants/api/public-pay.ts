import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch, readJson, throwIfNotOk, throwServerError } from '../../../lib/api-client.ts';
import { customerPaymentSchema, payMerchantSchema, type CustomerPayment, type PayMerchant } from './merchant-schemas.ts';

export const CUSTOMER_PAYMENT_POLL_MS = 2_000;

/** GET /api/pay/{merchantCode} (public): the merchant's name and whether it accepts payments; null when unknown. */
export async function getPayMerchant(merchantCode: string): Promise<PayMerchant | null> {
  const response = await apiFetch(`/api/pay/${encodeURIComponent(merchantCode)}`);
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  return readJson(response, payMerchantSchema);
}

export function usePayMerchant(merchantCode: string) {
  return useQuery({ queryKey: ['/api/pay', merchantCode], queryFn: () => getPayMerchant(merchantCode) });
}

export interface PayMerchantInput {
  merchantCode: string;
  amount: number;
  phoneNumber: string;
  customerName: string | null;
  /** The same key for every retry of one click: the server answers the same payment again. */
  idempotencyKey: string;
}

/**
 * POST /api/pay/{merchantCode} (public) → 202 and the pending payment (200 and the same payment on a
 * repeat of the same Idempotency-Key: the server collects once for a repeated click or a retry).
 */
export async function payMerchant({ merchantCode, amount, phoneNumber, customerName, idempotencyKey }: PayMerchantInput): Promise<CustomerPayment> {
  const response = await apiFetch(`/api/pay/${encodeURIComponent(merchantCode)}`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: customerName === null ? { amount, phoneNumber } : { amount, phoneNumber, customerName },
  });
  if (!response.ok) return throwServerError(response);
  return readJson(response, customerPaymentSchema);
}

export function usePayMerchantMutation() {
  return useMutation({ mutationFn: payMerchant });
}

/** GET /api/pay/payments/{id} (public; the id is unguessable): where the payment stands. */
export async function getCustomerPayment(paymentId: string): Promise<CustomerPayment> {
  const response = await apiFetch(`/api/pay/payments/${encodeURIComponent(paymentId)}`);
  await throwIfNotOk(response);
  return readJson(response, customerPaymentSchema);
}

export const customerPaymentQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: ['/api/pay/payments', paymentId],
    queryFn: () => getCustomerPayment(paymentId),
    // Polled while the customer is still asked to approve on their phone.
    refetchInterval: (query) => (query.state.data === undefined || query.state.data.status === 'pending' ? CUSTOMER_PAYMENT_POLL_MS : false),
  });

export function useCustomerPayment(paymentId: string | null) {
  return useQuery({ ...customerPaymentQueryOptions(paymentId ?? ''), enabled: paymentId !== null });
}
