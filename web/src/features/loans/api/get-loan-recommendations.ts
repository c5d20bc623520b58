import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { loanRecommendationSchema, type LoanRecommendation } from './loan-schemas.ts';

/** GET /api/loans/recommendations: none while the member's available credit is under the minimum loan. */
export async function getLoanRecommendations(): Promise<LoanRecommendation[]> {
  return readJson(await apiRequest('/api/loans/recommendations'), z.array(loanRecommendationSchema));
}

export const loanRecommendationsQueryOptions = () => queryOptions({ queryKey: ['/api/loans/recommendations'], queryFn: getLoanRecommendations });

export function useLoanRecommendations({ enabled }: { enabled: boolean }) {
  return useQuery({ ...loanRecommendationsQueryOptions(), enabled });
}
