import { useMutation } from '@tanstack/react-query';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import { paymentSchema, type Payment } from './payment-schema.ts';

export interface PayContributionInput {
  contributionId: string;
  phoneNumber: string;
  /** The same key for every retry of one click: the server answers the same Payment again. */
  idempotencyKey: string;
}

/** POST /api/contributions/{id}/pay, header Idempotency-Key → 202 Payment (200 on a repeat). */
export async function payContribution({ contributionId, phoneNumber, idempotencyKey }: PayContributionInput): Promise<Payment> {
  const response = await apiFetch(`/api/contributions/${encodeURIComponent(contributionId)}/pay`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: phoneNumber === '' ? {} : { phoneNumber },
  });
  if (!response.ok) return throwServerError(response);
  return readJson(response, paymentSchema);
}

export function usePayContribution() {
  return useMutation({ mutationFn: payContribution });
}
