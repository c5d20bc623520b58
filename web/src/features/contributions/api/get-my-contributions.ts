import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const contributionSchema = z.looseObject({
  id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  tontineId: z.nullish(z.pipe(z.union([z.string(), z.number()]), z.transform(String))),
  tontineName: z.nullish(z.string()),
  amount: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  // pending, completed or overdue; other values are shown raw.
  status: z.string(),
  dueDate: z.nullish(z.string()),
  paidDate: z.nullish(z.string()),
  paymentMethod: z.nullish(z.string()),
  cycle: z.nullish(z.number()),
});
export type Contribution = z.infer<typeof contributionSchema>;

/** GET /api/contributions/user (signed in only): the member's contributions in every group. */
export async function getMyContributions(): Promise<Contribution[]> {
  return readJson(await apiRequest('/api/contributions/user'), z.array(contributionSchema));
}

export const myContributionsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/contributions/user'], queryFn: getMyContributions });

export function useMyContributions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...myContributionsQueryOptions(), enabled });
}
