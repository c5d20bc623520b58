import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const tontineContributionSchema = z.looseObject({
  id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  userId: z.nullish(z.pipe(z.union([z.string(), z.number()]), z.transform(String))),
  userName: z.nullish(z.string()),
  amount: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  status: z.string(),
  dueDate: z.nullish(z.string()),
  createdAt: z.nullish(z.string()),
  paidDate: z.nullish(z.string()),
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
