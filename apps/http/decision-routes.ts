/**
 * The group decisions API (issue 28, DOMAIN.md "Group decisions"): a member proposes, votes and
 * reads their group's proposals; each route parses with zod, calls its use case of core/decisions
 * and maps failures through the error table.
 *
 * Guarantees (decided in core, kept here)
 * - Members only: a signed-in user outside a group they can see is 403 `not_a_member`; someone
 *   else's personal savings or an unknown id is 404 `tontine_not_found`, as for the group's books.
 * - Counts only: who voted how is never answered; each member sees their own vote.
 */
import { Router } from '@koa/router';
import type { Container } from 'inversify';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { User } from '../../core/accounts/user.ts';
import { ListProposals, type ProposalView } from '../../core/decisions/list-proposals.ts';
import { ProposeDecision } from '../../core/decisions/propose-decision.ts';
import type { Proposal, ProposalChange, Tally } from '../../core/decisions/proposal.ts';
import { VoteOnProposal } from '../../core/decisions/vote-on-proposal.ts';
import type { AuthState } from './auth-routes.ts';
import { ProposalRequest, VoteRequest } from './decision-schemas.ts';
import { sendFailure } from './errors.ts';
import { parseBody } from './validation.ts';

export function decisionRouteUseCases(container: Container) {
  return { propose: container.get(ProposeDecision), vote: container.get(VoteOnProposal), list: container.get(ListProposals) };
}
export type DecisionRouteUseCases = ReturnType<typeof decisionRouteUseCases>;

const userOf = (ctx: Context): User => (ctx.state.auth as AuthState).user;

const presentCounts = (t: Tally) => ({ yes: t.yes, no: t.no, notVoted: t.pending, needed: t.needed });

/** The change the request proposes, as core takes it. */
function changeOf(input: z.output<typeof ProposalRequest>): ProposalChange {
  switch (input.kind) {
    case 'change_payout_order':
      return { kind: input.kind, order: input.change.order };
    case 'change_fine':
      return { kind: input.kind, lateFine: input.change.lateFine };
    case 'waive_fine':
      return { kind: input.kind, fineId: input.change.fineId };
  }
}

/** The change as the member proposed it, without the kind the proposal already names. */
function presentChange(change: ProposalChange): Record<string, unknown> {
  switch (change.kind) {
    case 'change_payout_order':
      return { order: [...change.order] };
    case 'change_fine':
      return { lateFine: change.lateFine };
    case 'waive_fine':
      return { fineId: change.fineId };
  }
}

const closing = (p: Proposal) => ({ status: p.status, voidReason: p.voidReason, closesAt: p.closesAt.toISOString(), closedAt: p.closedAt?.toISOString() ?? null });

function presentProposal({ proposal: p, authorName, tally, myVote }: ProposalView) {
  return {
    id: p.id,
    kind: p.kind,
    text: p.text,
    change: presentChange(p.change),
    rule: p.rule,
    ...closing(p),
    authorId: p.authorId,
    authorName,
    createdAt: p.createdAt.toISOString(),
    counts: presentCounts(tally),
    myVote,
  };
}

export function decisionRoutes(useCases: DecisionRouteUseCases, options: { authenticated: Middleware }): Router {
  const router = new Router({ prefix: '/api' });
  const { authenticated } = options;

  router.get('/tontines/:id/proposals', authenticated, async (ctx) => {
    const listed = await useCases.list.execute({ tontineId: String(ctx.params.id), userId: userOf(ctx).id });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.body = listed.value.map(presentProposal);
  });

  router.post('/tontines/:id/proposals', authenticated, async (ctx) => {
    const input = parseBody(ctx, ProposalRequest);
    if (!input) return;
    const change = changeOf(input);
    const proposed = await useCases.propose.execute({ tontineId: String(ctx.params.id), userId: userOf(ctx).id, text: input.text, change });
    if (!proposed.ok) return sendFailure(ctx, proposed, proposed.error === 'proposal_text_required' ? { field: 'text' } : {});
    ctx.status = 201;
    ctx.body = { id: proposed.value.id, status: proposed.value.status, closesAt: proposed.value.closesAt.toISOString() };
  });

  router.post('/tontines/:id/proposals/:pid/votes', authenticated, async (ctx) => {
    const input = parseBody(ctx, VoteRequest);
    if (!input) return;
    const voted = await useCases.vote.execute({ tontineId: String(ctx.params.id), proposalId: String(ctx.params.pid), userId: userOf(ctx).id, vote: input.vote });
    if (!voted.ok) return sendFailure(ctx, voted);
    ctx.body = { id: voted.value.proposal.id, ...closing(voted.value.proposal), counts: presentCounts(voted.value.tally), myVote: input.vote };
  });

  return router;
}
