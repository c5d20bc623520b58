/**
 * The agents API (spec part 2 §7: /api/agents…): each route parses with zod, calls one use case of
 * core/agents and shapes its answer (apps/http/merchant-presenters.ts).
 *
 * Guarantees
 * - Every route needs a signed-in member and acts on that member's records only: the agent
 *   dashboard answers the agent only (404 `agent_not_found` otherwise).
 * - `GET /api/agents?code=` answers active agents only, with nothing personal.
 */
import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import type { BusinessRouteUseCases } from '../modules/merchants-module.ts';
import { sendFailure } from './errors.ts';
import { userOf } from './merchant-route-params.ts';
import { presentAgent, presentAgentDashboard } from './merchant-presenters.ts';
import { AgentCodeQuery, AgentRegistrationRequest } from './merchant-schemas.ts';
import { parseBody } from './validation.ts';

export function agentRoutes(useCases: BusinessRouteUseCases, options: { authenticated: Middleware }): Router {
  const router = new Router({ prefix: '/api' });
  const { authenticated } = options;

  router.get('/agents/me', authenticated, async (ctx) => {
    const shown = await useCases.showOwnAgent.execute({ userId: userOf(ctx).id });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = presentAgent(shown.value);
  });

  router.post('/agents/register', authenticated, async (ctx) => {
    const input = parseBody(ctx, AgentRegistrationRequest);
    if (!input) return;
    const business = input.agentType === 'business';
    const registered = await useCases.registerAgent.execute({
      ...input,
      userId: userOf(ctx).id,
      businessName: business ? input.businessName : null,
      businessRegistrationNumber: business ? input.businessRegistrationNumber : null,
    });
    if (!registered.ok) return sendFailure(ctx, registered);
    ctx.status = 201;
    ctx.body = presentAgent(registered.value);
  });

  router.get('/agents/dashboard', authenticated, async (ctx) => {
    const shown = await useCases.showAgentDashboard.execute({ userId: userOf(ctx).id });
    if (!shown.ok) return sendFailure(ctx, shown);
    ctx.body = presentAgentDashboard(shown.value);
  });

  router.get('/agents', authenticated, async (ctx) => {
    const query = AgentCodeQuery.safeParse(ctx.query);
    const code = query.success ? query.data.code : undefined;
    ctx.body = code ? await useCases.findAgentByCode.execute({ agentCode: code }) : [];
  });

  return router;
}
