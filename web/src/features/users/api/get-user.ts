import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const userSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  email: z.string(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  language: z.string().nullish(),
  profession: z.string().nullish(),
  address: z.string().nullish(),
  dateOfBirth: z.string().nullish(),
  profilePhotoUrl: z.string().nullish(),
  emailVerified: z.boolean().nullish(),
  nidaVerified: z.boolean().nullish(),
  kycVerified: z.boolean().nullish(),
  isDemo: z.boolean().nullish(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/user: the signed-in member. */
export async function getUser(): Promise<User> {
  return readJson(await apiRequest('/api/user'), userSchema);
}

export const userQueryOptions = () => queryOptions({ queryKey: ['/api/user'], queryFn: getUser });

export function useUser({ enabled }: { enabled: boolean }) {
  return useQuery({ ...userQueryOptions(), enabled });
}
