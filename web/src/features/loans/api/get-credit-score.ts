import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, readJson, throwIfNotOk } from '../../../lib/api-client.ts';
import { creditAssessmentSchema, type CreditAssessment } from './loan-schemas.ts';

/** GET /api/credit-score: the latest assessment; null before the first (404 `credit_assessment_not_found`). */
export async function getCreditScore(): Promise<CreditAssessment | null> {
  const response = await apiFetch('/api/credit-score');
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  return readJson(response, creditAssessmentSchema);
}

export const creditScoreQueryOptions = () => queryOptions({ queryKey: ['/api/credit-score'], queryFn: getCreditScore });

export function useCreditScore({ enabled }: { enabled: boolean }) {
  return useQuery({ ...creditScoreQueryOptions(), enabled });
}
