import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, readJson, throwIfNotOk } from '../../../lib/api-client.ts';

export const loanRecommendationSchema = z.looseObject({
  type: z.string().nullish(),
  purpose: z.string(),
  confidence: z.number().nullish(),
  amount: z.union([z.string(), z.number()]).transform(String),
  estimatedRate: z.union([z.string(), z.number()]).nullish(),
  termMonths: z.number().nullish(),
});
export type LoanRecommendation = z.infer<typeof loanRecommendationSchema>;

/** GET /api/loans/recommendations; none yet (404) until loans arrive. */
export async function getLoanRecommendations(): Promise<LoanRecommendation[]> {
  const response = await apiFetch('/api/loans/recommendations');
  if (response.status === 404) return [];
  await throwIfNotOk(response);
  return readJson(response, z.array(loanRecommendationSchema));
}

export const loanRecommendationsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/loans/recommendations'], queryFn: getLoanRecommendations });

export function useLoanRecommendations({ enabled }: { enabled: boolean }) {
  return useQuery({ ...loanRecommendationsQueryOptions(), enabled });
}
