/**
 * The tontines API: groups, members, categories, joining, starting, the payout order and turn
 * swaps, chat, personal-savings withdrawals, recommendations and the dashboard summary. Each
 * route parses with zod, calls one use case (or a read), maps failures through the error table.
 *
 * Guarantees
 * - Personal savings (maxMembers = 1) are private: only their owner can see them, and every
 *   other member gets the 404 of an unknown id from each route (no 409 that would tell it exists).
 * - Chat, contributions and the payout order of a group are for its members only (403
 *   `not_a_member`); avatars and initials of members are public, phones and e-mails never; full
 *   names to the group's members only, "Aline M." to anyone else (savings-views.ts).
 * - An id that is not a UUID is a 404, never a database error.
 */
import { randomUUID } from 'node:crypto';
import { Router } from '@koa/router';
import type { Container } from 'inversify';
import type { Context } from 'koa';
import type { User } from '../../core/accounts/user.ts';
import { Money } from '../../core/money/money.ts';
import { onTimeRate } from '../../core/contributions/contribution-summary.ts';
import { CreateTontine } from '../../core/tontines/create-tontine.ts';
import { DrawPayoutOrder } from '../../core/tontines/draw-payout-order.ts';
import { JoinTontine } from '../../core/tontines/join-tontine.ts';
import { AcceptTurnSwap } from '../../core/tontines/accept-turn-swap.ts';
import { ProposeTurnSwap } from '../../core/tontines/propose-turn-swap.ts';
import { StartTontine } from '../../core/tontines/start-tontine.ts';
import type { Tontine, TurnSwap } from '../../core/tontines/tontine.ts';
import { TONTINE_TERMS_MESSAGES } from '../../core/tontines/tontine-terms.ts';
import { matchScore } from '../../core/tontines/tontine-recommendations.ts';
import { WithdrawSavings } from '../../core/tontines/withdraw-savings.ts';
import { CENTIMES_PER_FRANC } from '../../core/money/money.ts';
import { MikroOrmContributionRepository } from '../../adapters/postgres/mikro-orm-contribution-repository.ts';
import { MikroOrmTontineRepository } from '../../adapters/postgres/mikro-orm-tontine-repository.ts';
import { PostgresChat, PostgresMemberDirectory } from '../../adapters/postgres/postgres-community.ts';
import { PostgresPaymentRepository } from '../../adapters/postgres/postgres-payment-repository.ts';
import { TOKENS } from '../container.ts';
import type { Authentication, AuthState } from './auth-routes.ts';
import { sendError } from './errors.ts';
import { displayName, presentPayment, SavingsViews } from './savings-views.ts';
import { ChatRequest, CreateTontineRequest, RecommendationsQuery, SwapRequest, WithdrawRequest } from './savings-schemas.ts';
import { parseBody } from './validation.ts';
import { idempotencyKeyOf } from './payment-routes.ts';

const CHAT_PAGE = 100;
const RECOMMENDATIONS = 10;

const viewerOf = (ctx: Context): User | null => (ctx.state.auth as AuthState | undefined)?.user ?? null;
const userOf = (ctx: Context): User => (ctx.state.auth as AuthState).user;

function presentSwap(swap: TurnSwap) {
  return { id: swap.id, status: swap.status, proposerId: swap.proposerId, counterpartyId: swap.counterpartyId, proposedAt: swap.proposedAt.toISOString() };
}

export function tontineRoutes(container: Container, auth: Authentication): Router {
  const router = new Router({ prefix: '/api' });
  const authenticated = auth.required;
  const maybeUser = auth.optional;
  const tontines = () => container.get(MikroOrmTontineRepository);
  const views = () => new SavingsViews(container);

  /** The group as this viewer may see it: personal savings are their owner's only. */
  async function visible(ctx: Context): Promise<Tontine | undefined> {
    const tontine = await tontines().get(String(ctx.params.id));
    const viewer = viewerOf(ctx);
    if (!tontine || (tontine.isPersonalSavings && tontine.creatorId !== viewer?.id)) {
      sendError(ctx, 'tontine_not_found');
      return undefined;
    }
    return tontine;
  }

  /** The group, when the signed-in user is one of its members. */
  async function asMember(ctx: Context): Promise<Tontine | undefined> {
    const tontine = await visible(ctx);
    if (!tontine) return undefined;
    if (!tontine.isMember(userOf(ctx).id)) {
      sendError(ctx, 'not_a_member');
      return undefined;
    }
    return tontine;
  }

  router.get('/tontines', maybeUser, async (ctx) => {
    ctx.body = await views().tontineList(await tontines().listDiscoverable(), viewerOf(ctx)?.id ?? null);
  });

  router.get('/tontines/user', authenticated, async (ctx) => {
    const user = userOf(ctx);
    ctx.body = await views().tontineList(await tontines().listByMember(user.id), user.id);
  });

  router.get('/tontines/categories', async (ctx) => {
    const categories = await container.get(PostgresMemberDirectory).categories();
    const groups = await tontines().listDiscoverable(1000);
    ctx.body = categories.map((category) => {
      const inCategory = groups.filter((t) => t.category === category.id);
      const average = inCategory.length === 0 ? Money.ofCentimes(category.defaultAvgContributionCentimes) : Money.sum(inCategory.map((t) => t.contributionAmount)).times(1 / inCategory.length);
      return {
        id: category.id,
        name: category.name,
        description: category.description,
        memberCount: inCategory.reduce((n, t) => n + t.members.length, 0),
        avgContribution: average.toDecimal(),
        frequency: category.frequency,
      };
    });
  });

  router.post('/tontines', authenticated, async (ctx) => {
    const input = parseBody(ctx, CreateTontineRequest);
    if (!input) return;
    const amount = Money.parseDecimal(input.contributionAmount);
    if (amount.ok && amount.value.isPositive() && amount.value.centimes % CENTIMES_PER_FRANC !== 0) return sendError(ctx, 'contribution_amount_not_whole_francs');
    const user = userOf(ctx);
    const created = await container.get(CreateTontine).execute({ ...input, creatorId: user.id });
    if (!created.ok) return sendError(ctx, 'validation_failed', { message: TONTINE_TERMS_MESSAGES[created.error], fields: { [fieldOf(created.error)]: TONTINE_TERMS_MESSAGES[created.error] } });
    ctx.status = 201;
    ctx.body = await views().tontineOne(created.value, user.id);
  });

  router.get('/tontines/:id', maybeUser, async (ctx) => {
    const tontine = await visible(ctx);
    if (tontine) ctx.body = await views().tontineOne(tontine, viewerOf(ctx)?.id ?? null);
  });

  router.get('/tontines/:id/members', maybeUser, async (ctx) => {
    const tontine = await visible(ctx);
    if (tontine) ctx.body = views().members(tontine, await views().profiles(tontine.members.map((m) => m.userId)), viewerOf(ctx)?.id ?? null);
  });

  router.post('/tontines/:id/join', authenticated, async (ctx) => {
    if (!(await visible(ctx))) return;
    const user = userOf(ctx);
    const joined = await container.get(JoinTontine).execute({ tontineId: String(ctx.params.id), userId: user.id });
    if (!joined.ok) return sendError(ctx, joined.error);
    ctx.body = await views().tontineOne(joined.value.tontine, user.id);
  });

  router.post('/tontines/:id/start', authenticated, async (ctx) => {
    const user = userOf(ctx);
    const started = await container.get(StartTontine).execute({ tontineId: String(ctx.params.id), userId: user.id });
    if (!started.ok) return sendError(ctx, started.error);
    ctx.body = await views().tontineOne(started.value, user.id);
  });

  router.get('/tontines/:id/payout-order', authenticated, async (ctx) => {
    const tontine = await asMember(ctx);
    if (tontine) ctx.body = await payoutOrder(tontine);
  });

  router.post('/tontines/:id/payout-order/draw', authenticated, async (ctx) => {
    const drawn = await container.get(DrawPayoutOrder).execute({ tontineId: String(ctx.params.id), userId: userOf(ctx).id });
    if (!drawn.ok) return sendError(ctx, drawn.error === 'personal_savings_has_no_rotation' ? 'tontine_not_found' : drawn.error);
    const tontine = await tontines().get(String(ctx.params.id));
    ctx.body = await payoutOrder(tontine!);
  });

  async function payoutOrder(tontine: Tontine) {
    const profiles = await views().profiles(tontine.payoutOrder);
    return {
      order: tontine.payoutOrder.map((memberId, i) => ({ memberId, name: displayName(profiles.get(memberId)), position: i + 1 })),
      seed: tontine.draw?.seed ?? null,
      method: tontine.draw ? ('draw' as const) : ('join_order' as const),
    };
  }

  router.get('/tontines/:id/swaps', authenticated, async (ctx) => {
    const tontine = await asMember(ctx);
    if (tontine) ctx.body = tontine.swaps.map(presentSwap);
  });

  router.post('/tontines/:id/swaps', authenticated, async (ctx) => {
    if (!(await visible(ctx))) return;
    const input = parseBody(ctx, SwapRequest);
    if (!input) return;
    const proposed = await container.get(ProposeTurnSwap).execute({ tontineId: String(ctx.params.id), userId: userOf(ctx).id, counterpartyId: input.withMemberId });
    if (!proposed.ok) return sendError(ctx, proposed.error);
    ctx.status = 201;
    ctx.body = presentSwap(proposed.value);
  });

  router.post('/tontines/:id/swaps/:swapId/accept', authenticated, async (ctx) => {
    if (!(await visible(ctx))) return;
    const swapId = String(ctx.params.swapId);
    const accepted = await container.get(AcceptTurnSwap).execute({ tontineId: String(ctx.params.id), swapId, userId: userOf(ctx).id });
    if (!accepted.ok) return sendError(ctx, accepted.error);
    ctx.body = presentSwap(accepted.value.swaps.find((s) => s.id === swapId)!);
  });

  router.get('/tontines/:id/chat', authenticated, async (ctx) => {
    const tontine = await asMember(ctx);
    if (!tontine) return;
    const messages = await container.get(PostgresChat).list(tontine.id, CHAT_PAGE);
    const profiles = await views().profiles(messages.map((m) => m.userId));
    ctx.body = messages.map((m) => ({
      id: m.id,
      userId: m.userId,
      userName: displayName(profiles.get(m.userId)),
      userAvatar: profiles.get(m.userId)?.profilePhotoUrl ?? null,
      message: m.message,
      messageType: m.messageType,
      createdAt: m.createdAt.toISOString(),
    }));
  });

  router.post('/tontines/:id/chat', authenticated, async (ctx) => {
    const tontine = await asMember(ctx);
    if (!tontine) return;
    const input = parseBody(ctx, ChatRequest);
    if (!input) return;
    const user = userOf(ctx);
    const message = { id: randomUUID(), tontineId: tontine.id, userId: user.id, message: input.message, messageType: input.messageType, createdAt: container.get(TOKENS.Clock).now() };
    await container.get(PostgresChat).add(message);
    ctx.status = 201;
    ctx.body = {
      id: message.id,
      userId: user.id,
      userName: `${user.firstName} ${user.lastName}`,
      userAvatar: user.profilePhotoUrl,
      message: message.message,
      messageType: message.messageType,
      createdAt: message.createdAt.toISOString(),
    };
  });

  router.post('/tontines/:id/withdraw', authenticated, async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    if (!key) return;
    const input = parseBody(ctx, WithdrawRequest);
    if (!input) return;
    const amount = Money.parseDecimal(input.amount);
    if (!amount.ok) return sendError(ctx, 'validation_failed', { message: 'Please enter a valid amount', fields: { amount: 'Please enter a valid amount' } });
    const user = userOf(ctx);
    // Keys are the member's own: scoping them keeps two members' keys from ever meeting.
    const withdrawn = await container.get(WithdrawSavings).execute({ tontineId: String(ctx.params.id), userId: user.id, amount: amount.value, idempotencyKey: `${user.id}:${key}` });
    if (!withdrawn.ok) return sendError(ctx, withdrawn.error === 'recipient_has_no_wallet' ? 'phone_number_required' : withdrawn.error);
    const payment = await container.get(PostgresPaymentRepository).findByReference(withdrawn.value.withdrawal.reference);
    ctx.status = withdrawn.value.outcome === 'exists' ? 200 : 202;
    ctx.body = presentPayment(payment!);
  });

  router.get('/ai-assistant/tontine-recommendations', authenticated, async (ctx) => {
    const query = RecommendationsQuery.safeParse(ctx.query);
    if (!query.success) return sendError(ctx, 'validation_failed', { message: query.error.issues[0]?.message ?? 'The query is not valid.' });
    const user = userOf(ctx);
    const budget = query.data.budget === undefined ? null : Money.ofCentimes(Math.round(query.data.budget * 100));
    const candidates = (await tontines().listDiscoverable(1000)).filter((t) => t.status === 'forming' && !t.isFull && !t.isMember(user.id));
    const contributions = container.get(MikroOrmContributionRepository);
    const scored = [];
    for (const t of candidates) {
      const history = await contributions.listByTontine(t.id);
      const rate = history.some((c) => c.isCompleted) ? onTimeRate(history) : null;
      const score = matchScore({ contributionAmount: t.contributionAmount, frequency: t.frequency, maxMembers: t.maxMembers, members: t.members.length, onTimeRate: rate }, { budget, frequency: query.data.frequency ?? null });
      scored.push({ t, score, rate });
    }
    scored.sort((a, b) => b.score - a.score || a.t.createdAt.getTime() - b.t.createdAt.getTime());
    ctx.body = {
      recommendations: scored.slice(0, RECOMMENDATIONS).map(({ t, score, rate }) => ({
        id: t.id,
        name: t.name,
        reason: reasonFor(t, budget, rate),
        contributionAmount: t.contributionAmount.toDecimal(),
        frequency: t.frequency,
        membersCount: t.members.length,
        currentMembers: t.members.length,
        maxMembers: t.maxMembers,
        matchScore: score,
      })),
    };
  });

  router.get('/dashboard/summary', authenticated, async (ctx) => {
    ctx.body = await views().dashboardSummary(userOf(ctx).id);
  });

  return router;
}

function reasonFor(t: Tontine, budget: Money | null, rate: number | null): string {
  const parts = [`${t.maxMembers - t.members.length} of ${t.maxMembers} spots left`, `${t.contributionAmount.format()} ${t.frequency}`];
  if (budget) parts.push(t.contributionAmount.greaterThan(budget) ? `above your budget of ${budget.format()}` : `within your budget of ${budget.format()}`);
  parts.push(rate === null ? 'new group' : `${rate}% of contributions paid on time`);
  return parts.join(' · ');
}

function fieldOf(error: string): string {
  const fields: Record<string, string> = {
    tontine_name_required: 'name',
    tontine_description_required: 'description',
    contribution_amount_invalid: 'contributionAmount',
    max_members_invalid: 'maxMembers',
    frequency_invalid: 'frequency',
    category_unknown: 'category',
  };
  return fields[error] ?? 'body';
}
