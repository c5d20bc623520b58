import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const nidaStatusSchema = z.object({
  verified: z.boolean(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  idNumber: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  verifiedAt: z.string().nullish(),
});
export type NidaStatus = z.infer<typeof nidaStatusSchema>;

/** GET /api/nida/status → {verified, firstName, lastName, idNumber, phoneNumber, verifiedAt}. */
export async function getNidaStatus(): Promise<NidaStatus> {
  return readJson(await apiRequest('/api/nida/status'), nidaStatusSchema);
}

export const nidaStatusQueryOptions = () => queryOptions({ queryKey: ['/api/nida/status'], queryFn: getNidaStatus });

export function useNidaStatus() {
  return useQuery(nidaStatusQueryOptions());
}
