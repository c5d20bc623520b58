import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, readJson, throwIfNotOk } from '../../../lib/api-client.ts';
import { prefetchedInitialData } from '../../../lib/prefetched-initial-data.ts';
import { creditAssessmentSchema, type CreditAssessment } from './loan-schemas.ts';

/** GET /api/credit-score: the latest assessment; null before the first (404 `credit_assessment_not_found`). */
export async function getCreditScore(): Promise<CreditAssessment | null> {
  const response = await apiFetch('/api/credit-score');
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  return readJson(response, creditAssessmentSchema);
}

/** What a prefetched answer says: a 404 is "no assessment yet", like the call's own. */
function readCreditScore(status: number, body: unknown): CreditAssessment | null | undefined {
  if (status === 404) return null;
  return status === 200 ? creditAssessmentSchema.parse(body) : undefined;
}

export const creditScoreQueryOptions = () =>
  queryOptions({ queryKey: ['/api/credit-score'], queryFn: getCreditScore, ...prefetchedInitialData('/api/credit-score', readCreditScore) });

export function useCreditScore({ enabled }: { enabled: boolean }) {
  return useQuery({ ...creditScoreQueryOptions(), enabled });
}
