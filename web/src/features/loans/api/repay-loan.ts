import { useMutation } from '@tanstack/react-query';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import { repaymentRequestSchema, type RepaymentRequest } from './loan-schemas.ts';

export type RepaymentScope = 'instalment' | 'balance';

/** POST /api/loans/{id}/repayments {scope}, header Idempotency-Key → 202 request sent to the member's phone (200 on a repeat). */
export async function repayLoan({ loanId, scope, idempotencyKey }: { loanId: string; scope: RepaymentScope; idempotencyKey: string }): Promise<RepaymentRequest> {
  const response = await apiFetch(`/api/loans/${encodeURIComponent(loanId)}/repayments`, { method: 'POST', headers: { 'Idempotency-Key': idempotencyKey }, body: { scope } });
  if (!response.ok) return throwServerError(response);
  return readJson(response, repaymentRequestSchema);
}

export function useRepayLoan() {
  return useMutation({ mutationFn: repayLoan });
}
