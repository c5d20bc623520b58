import { useMutation } from '@tanstack/react-query';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import type { LoanForm } from '../loan-form.ts';
import { loanSchema, type Loan } from './loan-schemas.ts';

export interface ApplyForLoanInput {
  form: LoanForm;
  keyFactsId: string;
  scoringConsent: boolean;
  /** The same key for every retry of one confirmation: the server answers the same loan again. */
  idempotencyKey: string;
}

/**
 * POST /api/loans with the key facts the member accepted and their scoring consent, both recorded
 * with the application; 201 (200 on a repeat) with the loan, decided at once or waiting for review.
 */
export async function applyForLoan({ form, keyFactsId, scoringConsent, idempotencyKey }: ApplyForLoanInput): Promise<Loan> {
  const response = await apiFetch('/api/loans', {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: { amount: form.amount, termMonths: form.termMonths, purpose: form.purpose.trim(), keyFactsId, acceptKeyFacts: true, scoringConsent },
  });
  if (!response.ok) return throwServerError(response);
  return readJson(response, loanSchema);
}

export function useApplyForLoan() {
  return useMutation({ mutationFn: applyForLoan });
}
