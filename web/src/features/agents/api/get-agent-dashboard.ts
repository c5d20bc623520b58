import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { agentDashboardSchema, type AgentDashboard } from './agent-schemas.ts';

/** GET /api/agents/dashboard (the signed-in agent only; fails for non-agents). */
export async function getAgentDashboard(): Promise<AgentDashboard> {
  return readJson(await apiRequest('/api/agents/dashboard'), agentDashboardSchema);
}

export const agentDashboardQueryOptions = () => queryOptions({ queryKey: ['/api/agents/dashboard'], queryFn: getAgentDashboard });

export function useAgentDashboard() {
  return useQuery(agentDashboardQueryOptions());
}
