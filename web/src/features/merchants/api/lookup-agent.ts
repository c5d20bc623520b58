import { z } from 'zod';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

// The look-up answers active agents only, and no personal data: an id is all the form needs.
const agentsSchema = z.array(z.looseObject({ id: z.union([z.string(), z.number()]).transform(String) }));

/**
 * GET /api/agents?code={agentCode}: the referring agent's id (the first match), or null when no
 * active agent has that code. A failure is only logged (spec part 2 §7) and reads as null.
 */
export async function lookUpAgentId(agentCode: string): Promise<string | null> {
  try {
    const agents = await readJson(await apiRequest(`/api/agents?code=${encodeURIComponent(agentCode)}`), agentsSchema);
    return agents[0]?.id ?? null;
  } catch (error) {
    console.error('Agent look-up failed', error);
    return null;
  }
}
