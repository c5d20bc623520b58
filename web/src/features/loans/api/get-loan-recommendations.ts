import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { okBody, prefetchedInitialData } from '../../../lib/prefetched-initial-data.ts';
import { loanRecommendationSchema, type LoanRecommendation } from './loan-schemas.ts';

const recommendationListSchema = z.array(loanRecommendationSchema);

/** GET /api/loans/recommendations: none while the member's available credit is under the minimum loan. */
export async function getLoanRecommendations(): Promise<LoanRecommendation[]> {
  return readJson(await apiRequest('/api/loans/recommendations'), recommendationListSchema);
}

export const loanRecommendationsQueryOptions = () => queryOptions({
    queryKey: ['/api/loans/recommendations'],
    queryFn: getLoanRecommendations,
    ...prefetchedInitialData('/api/loans/recommendations', okBody(recommendationListSchema)),
  });

export function useLoanRecommendations({ enabled }: { enabled: boolean }) {
  return useQuery({ ...loanRecommendationsQueryOptions(), enabled });
}
