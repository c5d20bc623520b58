import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, apiRequest, readJson, throwServerError } from './api-client.ts';

/** What a card payment pays (POST /api/payments/card). */
export type CardPaymentRequest =
  | { purpose: 'contribution'; contributionId: string }
  | { purpose: 'loan_repayment'; loanId: string; scope: 'instalment' | 'balance' }
  | { purpose: 'working_capital'; merchantId: string; loanId: string; amount?: number }
  | { purpose: 'merchant'; merchantCode: string; amount: number; customerName?: string };

export const cardPaymentStartedSchema = z.looseObject({
  reference: z.string(),
  checkoutUrl: z.string(),
  status: z.enum(['pending', 'successful', 'failed']),
});
export type CardPaymentStarted = z.infer<typeof cardPaymentStartedSchema>;

export const cardPaymentSchema = z.looseObject({
  reference: z.string(),
  purpose: z.enum(['contribution', 'loan_repayment', 'working_capital', 'merchant']),
  status: z.enum(['pending', 'successful', 'failed']),
  amount: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  subjectId: z.string(),
});
export type CardPayment = z.infer<typeof cardPaymentSchema>;

/** POST /api/payments/card with the click's Idempotency-Key → the processor's checkout to go to. */
export async function startCardPayment({ idempotencyKey, ...body }: CardPaymentRequest & { idempotencyKey: string }): Promise<CardPaymentStarted> {
  const response = await apiFetch('/api/payments/card', { method: 'POST', headers: { 'Idempotency-Key': idempotencyKey }, body });
  if (!response.ok) return throwServerError(response);
  return readJson(response, cardPaymentStartedSchema);
}

export function useStartCardPayment() {
  return useMutation({ mutationFn: startCardPayment });
}

export const CARD_POLL_MS = 2_000;

/** GET /api/payments/card/{reference}: the server's state, polled while it is pending. */
export const cardPaymentQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: ['/api/payments/card', reference],
    queryFn: async () => readJson(await apiRequest(`/api/payments/card/${encodeURIComponent(reference)}`), cardPaymentSchema),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? CARD_POLL_MS : false),
    retry: 1,
  });

export function useCardPayment(reference: string) {
  return useQuery({ ...cardPaymentQueryOptions(reference), enabled: reference !== '' });
}
