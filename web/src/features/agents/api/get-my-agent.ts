import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, readJson, throwIfNotOk } from '../../../lib/api-client.ts';

// Spec part 2 §7: an answer with accreditationStatus means the member is a registered agent.
export const myAgentSchema = z.looseObject({
  accreditationStatus: z.optional(z.string()),
  agentCode: z.nullish(z.string()),
  businessName: z.nullish(z.string()),
  district: z.nullish(z.string()),
});
export type MyAgent = z.infer<typeof myAgentSchema> & { accreditationStatus: string };

/** GET /api/agents/me; null when the member has no agent profile (404 or no status). */
export async function getMyAgent(): Promise<MyAgent | null> {
  const response = await apiFetch('/api/agents/me');
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  const agent = await readJson(response, myAgentSchema);
  return agent.accreditationStatus === undefined ? null : { ...agent, accreditationStatus: agent.accreditationStatus };
}

export const myAgentQueryOptions = () => queryOptions({ queryKey: ['/api/agents/me'], queryFn: getMyAgent });

export function useMyAgent({ enabled }: { enabled: boolean }) {
  return useQuery({ ...myAgentQueryOptions(), enabled });
}
