import { useMutation } from '@tanstack/react-query';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';
import { creditAssessmentSchema, type CreditAssessment } from './loan-schemas.ts';

/** The score is read back this long after an assessment starts (spec part 2 §7). */
export const SCORE_REFETCH_DELAY_MS = 2_000;

/** POST /api/credit-score/assess {consent}: records an assessment of the member's own records. */
export async function assessCredit({ consent }: { consent: boolean }): Promise<CreditAssessment> {
  const response = await apiFetch('/api/credit-score/assess', { method: 'POST', body: { consent } });
  if (!response.ok) return throwServerError(response);
  return readJson(response, creditAssessmentSchema);
}

export function useAssessCredit() {
  return useMutation({ mutationFn: assessCredit });
}
