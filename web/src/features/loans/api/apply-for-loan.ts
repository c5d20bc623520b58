import { useMutation } from '@tanstack/react-query';
import { apiFetch, ApiError, readJson, throwServerError } from '../../../lib/api-client.ts';
import type { LoanForm } from '../loan-form.ts';
import { loanApplicationConflictSchema, loanSchema, type KeyFacts, type Loan } from './loan-schemas.ts';

export interface ApplyForLoanInput {
  form: LoanForm;
  keyFactsId: string;
  scoringConsent: boolean;
  /** The same key for every retry of one confirmation: the server answers the same loan again. */
  idempotencyKey: string;
}

/** The member's rate moved after the key facts were shown: the server's new statement, to show in place. */
export class KeyFactsOutdated extends ApiError {
  constructor(
    message: string,
    readonly keyFacts: KeyFacts,
  ) {
    super(409, message, 'key_facts_outdated');
    this.name = 'KeyFactsOutdated';
  }
}

/**
 * POST /api/loans with the key facts the member accepted and their scoring consent, both recorded
 * with the application; 201 (200 on a repeat) with the loan, decided at once or waiting for review.
 * A 409 key_facts_outdated carries the new key facts: thrown as KeyFactsOutdated.
 */
export async function applyForLoan({ form, keyFactsId, scoringConsent, idempotencyKey }: ApplyForLoanInput): Promise<Loan> {
  const response = await apiFetch('/api/loans', {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: { amount: form.amount, termMonths: form.termMonths, purpose: form.purpose.trim(), keyFactsId, acceptKeyFacts: true, scoringConsent },
  });
  if (response.status === 409) {
    const conflict = loanApplicationConflictSchema.safeParse(await response.clone().json().catch(() => null));
    if (conflict.success && conflict.data.code === 'key_facts_outdated' && conflict.data.keyFacts) throw new KeyFactsOutdated(conflict.data.error, conflict.data.keyFacts);
  }
  if (!response.ok) return throwServerError(response);
  return readJson(response, loanSchema);
}

export function useApplyForLoan() {
  return useMutation({ mutationFn: applyForLoan });
}
