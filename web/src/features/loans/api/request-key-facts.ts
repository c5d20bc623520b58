import { useMutation } from '@tanstack/react-query';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import type { LoanForm } from '../loan-form.ts';
import { keyFactsSchema, type KeyFacts } from './loan-schemas.ts';

/** POST /api/loans/key-facts: the key facts statement the member reviews before applying (BNR Reg. 02/2016). */
export async function requestKeyFacts(form: LoanForm): Promise<KeyFacts> {
  const response = await apiFetch('/api/loans/key-facts', { method: 'POST', body: { amount: form.amount, termMonths: form.termMonths, purpose: form.purpose.trim() } });
  if (!response.ok) return throwServerError(response);
  return readJson(response, keyFactsSchema);
}

export function useRequestKeyFacts() {
  return useMutation({ mutationFn: requestKeyFacts });
}
