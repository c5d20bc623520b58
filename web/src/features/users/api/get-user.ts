import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { okBody, prefetchedInitialData } from '../../../lib/prefetched-initial-data.ts';

export const userSchema = z.object({
  id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  email: z.string(),
  firstName: z.nullish(z.string()),
  lastName: z.nullish(z.string()),
  phoneNumber: z.nullish(z.string()),
  language: z.nullish(z.string()),
  profession: z.nullish(z.string()),
  address: z.nullish(z.string()),
  dateOfBirth: z.nullish(z.string()),
  profilePhotoUrl: z.nullish(z.string()),
  emailVerified: z.nullish(z.boolean()),
  nidaVerified: z.nullish(z.boolean()),
  kycVerified: z.nullish(z.boolean()),
  isDemo: z.nullish(z.boolean()),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/user: the signed-in member. */
export async function getUser(): Promise<User> {
  return readJson(await apiRequest('/api/user'), userSchema);
}

export const userQueryOptions = () => queryOptions({ queryKey: ['/api/user'], queryFn: getUser, ...prefetchedInitialData('/api/user', okBody(userSchema)) });

export function useUser({ enabled }: { enabled: boolean }) {
  return useQuery({ ...userQueryOptions(), enabled });
}
