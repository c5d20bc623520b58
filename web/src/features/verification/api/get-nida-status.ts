import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const nidaStatusSchema = z.object({
  verified: z.boolean(),
  firstName: z.nullish(z.string()),
  lastName: z.nullish(z.string()),
  idNumber: z.nullish(z.string()),
  phoneNumber: z.nullish(z.string()),
  verifiedAt: z.nullish(z.string()),
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
