import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.nullable(z.string()),
  address: z.nullable(z.string()),
  dateOfBirth: z.nullable(z.string()),
  profession: z.nullish(z.string()),
  email: z.string(),
  profilePhotoUrl: z.nullable(z.string()),
  emailVerified: z.boolean(),
  nidaVerified: z.boolean(),
  kycVerified: z.boolean(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/profile: the signed-in member's own profile, as the server keeps it. */
export async function getProfile(): Promise<Profile> {
  return readJson(await apiRequest('/api/profile'), profileSchema);
}

export const profileQueryOptions = () => queryOptions({ queryKey: ['/api/profile'], queryFn: getProfile });

export function useProfile({ enabled }: { enabled: boolean }) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
