/**
 * The tontines API: groups, members, categories, joining, starting, the payout order and turn
 * swaps, chat, personal-savings withdrawals, recommendations and the dashboard summary. Each
 * route parses with zod, calls its use case, maps failures through the error table and shapes
 * the answer (savings-views.ts); a change that shows the group after it reads it through the
 * screen's own query (ShowTontine, ShowPayoutOrder).
 *
 * Guarantees (decided in core, kept by every route)
 * - Personal savings (maxMembers = 1) are private: only their owner can see them, and every
 *   other member gets the 404 of an unknown id from each route (core/tontines/tontine-access.ts).
 * - Chat, contributions, the books and the payout order of a group are for its members only (403
 *   `not_a_member`); avatars and initials of members are public, phones and e-mails never; full
 *   names to the group's members only, "Aline M." to anyone else (core/tontines/member-names.ts).
 * - An id that is not a UUID is a 404, never a database error.
 */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { User } from '../../core/accounts/user.ts';
import type { ShowPayment } from '../../core/payments/show-payment.ts';
import type { AcceptTurnSwap } from '../../core/tontines/accept-turn-swap.ts';
import type { BrowseTontines } from '../../core/tontines/browse-tontines.ts';
import type { CreateTontine } from '../../core/tontines/create-tontine.ts';
import type { ListGroupFines } from '../../core/tontines/list-group-fines.ts';
import type { WaiveFine } from '../../core/tontines/waive-fine.ts';
import type { DrawPayoutOrder } from '../../core/tontines/draw-payout-order.ts';
import type { JoinTontine } from '../../core/tontines/join-tontine.ts';
import type { ListChatMessages } from '../../core/tontines/list-chat-messages.ts';
import type { ListMemberTontines } from '../../core/tontines/list-member-tontines.ts';
import type { ListTontineCategories } from '../../core/tontines/list-tontine-categories.ts';
import type { ListTontineMembers } from '../../core/tontines/list-tontine-members.ts';
import type { ListTurnSwaps } from '../../core/tontines/list-turn-swaps.ts';
import type { PostChatMessage } from '../../core/tontines/post-chat-message.ts';
import type { ProposeTurnSwap } from '../../core/tontines/propose-turn-swap.ts';
import type { RecommendTontines } from '../../core/tontines/recommend-tontines.ts';
import type { ShowGroupBooks } from '../../core/tontines/show-group-books.ts';
import type { ShowPayoutOrder } from '../../core/tontines/show-payout-order.ts';
import type { ShowSavingsDashboard } from '../../core/tontines/show-savings-dashboard.ts';
import type { ShowTontine } from '../../core/tontines/show-tontine.ts';
import type { StartTontine } from '../../core/tontines/start-tontine.ts';
import type { TontineTermsError } from '../../core/tontines/tontine-terms.ts';
import type { WithdrawSavings } from '../../core/tontines/withdraw-savings.ts';
import type { Authentication, AuthState } from './auth-routes.ts';
import { sendError, sendFailure } from './errors.ts';
import { idempotencyKeyOf } from './payment-routes.ts';
import {
  presentCategory,
  presentChatEntry,
  presentBooks,
  presentDashboard,
  presentFine,
  presentMembers,
  presentPayment,
  presentRecommendation,
  presentSwap,
  presentTontine,
} from './savings-views.ts';
import { BooksQuery, ChatRequest, CreateTontineRequest, DiscoverQuery, RecommendationsQuery, SwapRequest, WaiveFineRequest, WithdrawRequest } from './savings-schemas.ts';
import { parseBody, parseQuery } from './validation.ts';

/** The use cases the tontines API calls. */
export interface TontineRouteUseCases {
  browseTontines: BrowseTontines;
  listMemberTontines: ListMemberTontines;
  listTontineCategories: ListTontineCategories;
  createTontine: CreateTontine;
  showTontine: ShowTontine;
  listTontineMembers: ListTontineMembers;
  joinTontine: JoinTontine;
  startTontine: StartTontine;
  showPayoutOrder: ShowPayoutOrder;
  showGroupBooks: ShowGroupBooks;
  listGroupFines: ListGroupFines;
  waiveFine: WaiveFine;
  drawPayoutOrder: DrawPayoutOrder;
  listTurnSwaps: ListTurnSwaps;
  proposeTurnSwap: ProposeTurnSwap;
  acceptTurnSwap: AcceptTurnSwap;
  listChatMessages: ListChatMessages;
  postChatMessage: PostChatMessage;
  withdrawSavings: WithdrawSavings;
  showPayment: ShowPayment;
  recommendTontines: RecommendTontines;
  showSavingsDashboard: ShowSavingsDashboard;
}

const viewerIdOf = (ctx: Context): string | null => (ctx.state.auth as AuthState | undefined)?.user.id ?? null;
const userOf = (ctx: Context): User => (ctx.state.auth as AuthState).user;

export function tontineRoutes(useCases: TontineRouteUseCases, auth: Authentication): Router {
  const router = new Router({ prefix: '/api' });
  const { required: authenticated, optional: maybeUser } = auth;

  /** Answers the group as the signed-in user now sees it, after a change. */
  async function showTontine(ctx: Context, tontineId: string, status = 200): Promise<void> {
    const shown = await useCases.showTontine.execute({ tontineId, viewerId: userOf(ctx).id });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.status = status;
    ctx.body = presentTontine(shown.value);
  }

  // Discover: ?q=&category=&frequency=&minContribution=&maxContribution=&minSeatsLeft=&sort=&limit=&offset= (all optional).
  router.get('/tontines', maybeUser, async (ctx) => {
    const query = parseQuery(ctx, DiscoverQuery);
    if (!query) return;
    const browsed = await useCases.browseTontines.execute({ viewerId: viewerIdOf(ctx), query });
    if (!browsed.ok) return sendFailure(ctx, browsed, { field: 'minContribution' });
    ctx.body = browsed.value.map(presentTontine);
  });

  router.get('/tontines/user', authenticated, async (ctx) => {
    ctx.body = (await useCases.listMemberTontines.execute({ userId: userOf(ctx).id })).map(presentTontine);
  });

  router.get('/tontines/categories', async (ctx) => {
    ctx.body = (await useCases.listTontineCategories.execute()).map(presentCategory);
  });

  router.post('/tontines', authenticated, async (ctx) => {
    const input = parseBody(ctx, CreateTontineRequest);
    if (!input) return;
    const created = await useCases.createTontine.execute({ ...input, contributionAmount: input.contributionAmount.toDecimal(), creatorId: userOf(ctx).id });
    if (!created.ok) {
      const { error } = created;
      return sendFailure(ctx, created, error === 'contribution_amount_not_whole_francs' ? {} : { field: error === 'late_fine_invalid' ? 'lateFine' : fieldOf(error) });
    }
    await showTontine(ctx, created.value.id, 201);
  });

  router.get('/tontines/:id', maybeUser, async (ctx) => {
    const shown = await useCases.showTontine.execute({ tontineId: String(ctx.params.id), viewerId: viewerIdOf(ctx) });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = presentTontine(shown.value);
  });

  router.get('/tontines/:id/members', maybeUser, async (ctx) => {
    const listed = await useCases.listTontineMembers.execute({ tontineId: String(ctx.params.id), viewerId: viewerIdOf(ctx) });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.body = presentMembers(listed.value);
  });

  router.post('/tontines/:id/join', authenticated, async (ctx) => {
    const joined = await useCases.joinTontine.execute({ tontineId: String(ctx.params.id), userId: userOf(ctx).id });
    if (!joined.ok) return sendFailure(ctx, joined);
    await showTontine(ctx, joined.value.tontine.id);
  });

  router.post('/tontines/:id/start', authenticated, async (ctx) => {
    const started = await useCases.startTontine.execute({ tontineId: String(ctx.params.id), userId: userOf(ctx).id });
    if (!started.ok) return sendFailure(ctx, started);
    await showTontine(ctx, started.value.id);
  });

  router.get('/tontines/:id/payout-order', authenticated, async (ctx) => {
    const shown = await useCases.showPayoutOrder.execute({ tontineId: String(ctx.params.id), userId: userOf(ctx).id });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = shown.value;
  });

  // The pool's books, newest first: ?cursor=&limit= (both optional).
  router.get('/tontines/:id/ledger', authenticated, async (ctx) => {
    const query = parseQuery(ctx, BooksQuery);
    if (!query) return;
    const shown = await useCases.showGroupBooks.execute({ tontineId: String(ctx.params.id), userId: userOf(ctx).id, cursor: query.cursor, limit: query.limit });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = presentBooks(shown.value);
  });

  // The group's late fines (members only): each member's, owed ones first; a waived one with who and why.
  router.get('/tontines/:id/fines', authenticated, async (ctx) => {
    const listed = await useCases.listGroupFines.execute({ tontineId: String(ctx.params.id), userId: userOf(ctx).id });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.body = listed.value.map(presentFine);
  });

  // The admin waives a member's fine with a reason every member is told.
  router.post('/tontines/:id/fines/:fineId/waive', authenticated, async (ctx) => {
    const input = parseBody(ctx, WaiveFineRequest);
    if (!input) return;
    const tontineId = String(ctx.params.id);
    const userId = userOf(ctx).id;
    const waived = await useCases.waiveFine.execute({ fineId: String(ctx.params.fineId), tontineId, by: { kind: 'admin', userId, reason: input.reason } });
    if (!waived.ok) return sendFailure(ctx, waived, waived.error === 'waiver_reason_invalid' ? { field: 'reason' } : {});
    const listed = await useCases.listGroupFines.execute({ tontineId, userId });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.body = presentFine(listed.value.find((f) => f.id === waived.value.fineId)!);
  });

  router.post('/tontines/:id/payout-order/draw', authenticated, async (ctx) => {
    const request = { tontineId: String(ctx.params.id), userId: userOf(ctx).id };
    const drawn = await useCases.drawPayoutOrder.execute(request);
    // Personal savings have no rotation: to their owner too, there is no payout order to draw.
    if (!drawn.ok) return sendError(ctx, drawn.error === 'personal_savings_has_no_rotation' ? 'tontine_not_found' : drawn.error);
    const shown = await useCases.showPayoutOrder.execute(request);
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = shown.value;
  });

  router.get('/tontines/:id/swaps', authenticated, async (ctx) => {
    const listed = await useCases.listTurnSwaps.execute({ tontineId: String(ctx.params.id), userId: userOf(ctx).id });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.body = listed.value.map(presentSwap);
  });

  router.post('/tontines/:id/swaps', authenticated, async (ctx) => {
    const input = parseBody(ctx, SwapRequest);
    if (!input) return;
    const proposed = await useCases.proposeTurnSwap.execute({ tontineId: String(ctx.params.id), userId: userOf(ctx).id, counterpartyId: input.withMemberId });
    if (!proposed.ok) return sendFailure(ctx, proposed);
    ctx.status = 201;
    ctx.body = presentSwap(proposed.value);
  });

  router.post('/tontines/:id/swaps/:swapId/accept', authenticated, async (ctx) => {
    const swapId = String(ctx.params.swapId);
    const accepted = await useCases.acceptTurnSwap.execute({ tontineId: String(ctx.params.id), swapId, userId: userOf(ctx).id });
    if (!accepted.ok) return sendFailure(ctx, accepted);
    ctx.body = presentSwap(accepted.value.swaps.find((s) => s.id === swapId)!);
  });

  router.get('/tontines/:id/chat', authenticated, async (ctx) => {
    const listed = await useCases.listChatMessages.execute({ tontineId: String(ctx.params.id), userId: userOf(ctx).id });
    if (!listed.ok) return sendFailure(ctx, listed);
    ctx.body = listed.value.map(presentChatEntry);
  });

  router.post('/tontines/:id/chat', authenticated, async (ctx) => {
    const input = parseBody(ctx, ChatRequest);
    if (!input) return;
    const user = userOf(ctx);
    const posted = await useCases.postChatMessage.execute({ tontineId: String(ctx.params.id), userId: user.id, message: input.message, messageType: input.messageType });
    if (!posted.ok) return sendFailure(ctx, posted);
    ctx.status = 201;
    ctx.body = presentChatEntry({ message: posted.value, authorName: `${user.firstName} ${user.lastName}`, authorAvatar: user.profilePhotoUrl });
  });

  router.post('/tontines/:id/withdraw', authenticated, async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    if (!key) return;
    const input = parseBody(ctx, WithdrawRequest);
    if (!input) return;
    const user = userOf(ctx);
    // Keys are the member's own: scoping them keeps two members' keys from ever meeting.
    const withdrawn = await useCases.withdrawSavings.execute({ tontineId: String(ctx.params.id), userId: user.id, amount: input.amount, idempotencyKey: `${user.id}:${key}` });
    if (!withdrawn.ok) return sendError(ctx, withdrawn.error === 'recipient_has_no_wallet' ? 'phone_number_required' : withdrawn.error);
    // The member follows the withdrawal as a payment, like a contribution they pay.
    const payment = await useCases.showPayment.execute({ userId: user.id, reference: withdrawn.value.withdrawal.reference });
    if (!payment.ok) return sendFailure(ctx, payment);
    ctx.status = withdrawn.value.outcome === 'exists' ? 200 : 202;
    ctx.body = presentPayment(payment.value);
  });

  router.get('/ai-assistant/tontine-recommendations', authenticated, async (ctx) => {
    const query = RecommendationsQuery.safeParse(ctx.query);
    if (!query.success) return sendError(ctx, 'validation_failed', { message: query.error.issues[0]?.message ?? 'The query is not valid.' });
    const recommendations = await useCases.recommendTontines.execute({ userId: userOf(ctx).id, budget: query.data.budget ?? null, frequency: query.data.frequency ?? null });
    ctx.body = { recommendations: recommendations.map(presentRecommendation) };
  });

  router.get('/dashboard/summary', authenticated, async (ctx) => {
    ctx.body = presentDashboard(await useCases.showSavingsDashboard.execute({ userId: userOf(ctx).id }));
  });

  return router;
}

function fieldOf(error: TontineTermsError): string {
  const fields: Record<TontineTermsError, string> = {
    tontine_name_required: 'name',
    tontine_description_required: 'description',
    contribution_amount_invalid: 'contributionAmount',
    max_members_invalid: 'maxMembers',
    frequency_invalid: 'frequency',
    category_unknown: 'category',
  };
  return fields[error];
}
