import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, throwServerError } from '../../../lib/api-client.ts';
import type { AgentRegistrationBody } from '../agent-form.ts';
import { myAgentQueryOptions } from './get-my-agent.ts';

/** POST /api/agents/register; a failure raises the server's `error` text (empty when none). */
export async function registerAgent(body: AgentRegistrationBody): Promise<void> {
  const response = await apiFetch('/api/agents/register', { method: 'POST', body });
  if (!response.ok) await throwServerError(response);
}

/**
 * On success the agent record is refetched (spec part 2 §7). Not awaited: the screen's own
 * success step (toast, navigation) must run while the form is still mounted.
 */
export function useRegisterAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerAgent,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myAgentQueryOptions().queryKey });
    },
  });
}
