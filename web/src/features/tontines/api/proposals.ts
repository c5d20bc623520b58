import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, apiRequest, readJson, throwServerError } from '../../../lib/api-client.ts';

export const PROPOSAL_KINDS = ['change_payout_order', 'change_fine', 'waive_fine'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
export const PROPOSAL_STATUSES = ['open', 'passed', 'rejected', 'void'] as const;

const counts = z.object({ yes: z.int(), no: z.int(), notVoted: z.int(), needed: z.int() });

export const proposalSchema = z.object({
  id: z.string(),
  kind: z.enum(PROPOSAL_KINDS),
  text: z.string(),
  change: z.looseObject({ order: z.optional(z.array(z.string())) }),
  rule: z.enum(['majority', 'unanimity']),
  status: z.enum(PROPOSAL_STATUSES),
  voidReason: z.nullable(z.string()),
  authorId: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  closesAt: z.string(),
  closedAt: z.nullable(z.string()),
  counts,
  myVote: z.nullable(z.enum(['yes', 'no'])),
});
export type Proposal = z.infer<typeof proposalSchema>;

export interface LateFineRule {
  kind: 'fixed' | 'percent';
  value: string;
  graceDays: number;
}

/** What a member may propose from the Decisions tab (a fine's waiver is proposed from the fine itself). */
export type NewProposal =
  | { kind: 'change_payout_order'; text: string; change: { order: string[] } }
  | { kind: 'change_fine'; text: string; change: { lateFine: LateFineRule | null } };

const proposalsKey = (tontineId: string) => ['/api/tontines', tontineId, 'proposals'] as const;

/** GET /api/tontines/{id}/proposals (members only): open and closed, newest first. */
export async function getProposals(tontineId: string): Promise<Proposal[]> {
  return readJson(await apiRequest(`/api/tontines/${encodeURIComponent(tontineId)}/proposals`), z.array(proposalSchema));
}

export function useProposals(tontineId: string) {
  return useQuery(queryOptions({ queryKey: proposalsKey(tontineId), queryFn: () => getProposals(tontineId) }));
}

/** POST /api/tontines/{id}/proposals {kind, text, change} → 201 {id, status, closesAt}. */
export async function propose(tontineId: string, proposal: NewProposal): Promise<{ id: string }> {
  const response = await apiFetch(`/api/tontines/${encodeURIComponent(tontineId)}/proposals`, { method: 'POST', body: proposal });
  if (!response.ok) return throwServerError(response);
  return readJson(response, z.object({ id: z.string() }));
}

/** POST /api/tontines/{id}/proposals/{pid}/votes {vote} → the proposal's status and counts after it. */
export async function vote(tontineId: string, proposalId: string, choice: 'yes' | 'no'): Promise<{ status: string }> {
  const response = await apiFetch(`/api/tontines/${encodeURIComponent(tontineId)}/proposals/${encodeURIComponent(proposalId)}/votes`, { method: 'POST', body: { vote: choice } });
  if (!response.ok) return throwServerError(response);
  return readJson(response, z.object({ status: z.string() }));
}

export function usePropose(tontineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposal: NewProposal) => propose(tontineId, proposal),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalsKey(tontineId) }),
  });
}

export function useVote(tontineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ proposalId, choice }: { proposalId: string; choice: 'yes' | 'no' }) => vote(tontineId, proposalId, choice),
    // A vote that closes a proposal may change the payout order and the next recipient too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/tontines', tontineId] }),
  });
}
