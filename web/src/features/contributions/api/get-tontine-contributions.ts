import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const tontineContributionSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  userId: z.union([z.string(), z.number()]).transform(String).nullish(),
  userName: z.string().nullish(),
  amount: z.union([z.string(), z.number()]).transform(String),
  status: z.string(),
  dueDate: z.string().nullish(),
  createdAt: z.string().nullish(),
  paidDate: z.string().nullish(),
});
export type TontineContribution = z.infer<typeof tontineContributionSchema>;

/** GET /api/contributions/tontine/{id} (members only): every member's contributions in one group. */
export async function getTontineContributions(tontineId: string): Promise<TontineContribution[]> {
  return readJson(await apiRequest(`/api/contributions/tontine/${encodeURIComponent(tontineId)}`), z.array(tontineContributionSchema));
}

export const tontineContributionsQueryOptions = (tontineId: string) =>
  queryOptions({ queryKey: ['/api/contributions/tontine', tontineId], queryFn: () => getTontineContributions(tontineId) });

export function useTontineContributions(tontineId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...tontineContributionsQueryOptions(tontineId), enabled });
}
