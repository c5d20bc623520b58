import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

// The look-up answers active agents only, and no personal data: an id is all the form needs.
const agentsSchema = z.array(z.looseObject({ id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)) }));

export type AgentLookup = { found: true; id: string } | { found: false; failed: boolean };

/**
 * GET /api/agents?code={agentCode}: the first match's id becomes onboardedByAgentId. No active
 * agent with that code is `found: false`; a failed call is only logged (spec part 2 §7) and
 * reported as `failed`, so the registration goes on without a referral.
 */
export async function lookUpAgent(agentCode: string): Promise<AgentLookup> {
  try {
    const agents = await readJson(await apiRequest(`/api/agents?code=${encodeURIComponent(agentCode)}`), agentsSchema);
    const first = agents[0];
    return first === undefined ? { found: false, failed: false } : { found: true, id: first.id };
  } catch (error) {
    console.error('Agent look-up failed', error);
    return { found: false, failed: true };
  }
}
