import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const profileCompletionSchema = z.object({
  percentage: z.number().check(z.gte(0)).check(z.lte(100)),
  color: z.enum(['red', 'yellow', 'green']),
});
export type ProfileCompletion = z.infer<typeof profileCompletionSchema>;

/** GET /api/auth/profile-completion → {percentage, color}. */
export async function getProfileCompletion(): Promise<ProfileCompletion> {
  return readJson(await apiRequest('/api/auth/profile-completion'), profileCompletionSchema);
}

export const profileCompletionQueryOptions = () =>
  queryOptions({ queryKey: ['/api/auth/profile-completion'], queryFn: getProfileCompletion });

export function useProfileCompletion({ enabled }: { enabled: boolean }) {
  return useQuery({ ...profileCompletionQueryOptions(), enabled });
}
