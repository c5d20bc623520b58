import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, readJson, throwIfNotOk } from '../../../lib/api-client.ts';

export const creditScoreSchema = z.looseObject({
  score: z.number(),
  rating: z.string(),
  maxLoanAmount: z.union([z.string(), z.number()]).transform(String).nullish(),
  recommendations: z.array(z.string()).nullish(),
});
export type CreditScore = z.infer<typeof creditScoreSchema>;

/** GET /api/credit-score; null while the member has no assessment yet (404: none yet). */
export async function getCreditScore(): Promise<CreditScore | null> {
  const response = await apiFetch('/api/credit-score');
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  return readJson(response, creditScoreSchema);
}

export const creditScoreQueryOptions = () => queryOptions({ queryKey: ['/api/credit-score'], queryFn: getCreditScore });

export function useCreditScore({ enabled }: { enabled: boolean }) {
  return useQuery({ ...creditScoreQueryOptions(), enabled });
}
