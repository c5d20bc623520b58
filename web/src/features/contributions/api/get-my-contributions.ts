import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const contributionSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  tontineId: z.union([z.string(), z.number()]).transform(String).nullish(),
  tontineName: z.string().nullish(),
  amount: z.union([z.string(), z.number()]).transform(String),
  // pending, completed or overdue; other values are shown raw.
  status: z.string(),
  dueDate: z.string().nullish(),
  paidDate: z.string().nullish(),
  paymentMethod: z.string().nullish(),
  cycle: z.number().nullish(),
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
