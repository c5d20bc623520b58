/**
 * The agents, merchants and pay API (spec part 2 §7: /api/agents…, /api/merchants…; the public pay
 * page's /api/pay…), one router per area: agents (agent-routes.ts), a member's businesses
 * (merchant-account-routes.ts), their payments and settlements (merchant-payments-routes.ts),
 * their figures (merchant-analytics-routes.ts) and the public pay page (pay-routes.ts). Each
 * route parses with zod, calls one use case, maps its result through the one error table and
 * shapes the answer (merchant-presenters.ts); nothing is computed in a route.
 */
import type { Router } from '@koa/router';
import type { Middleware } from 'koa';
import type { BusinessRouteUseCases } from '../modules/merchants-module.ts';
import { agentRoutes } from './agent-routes.ts';
import { merchantAccountRoutes } from './merchant-account-routes.ts';
import { merchantAnalyticsRoutes } from './merchant-analytics-routes.ts';
import { merchantPaymentsRoutes } from './merchant-payments-routes.ts';
import { payRoutes } from './pay-routes.ts';

export function merchantRouters(useCases: BusinessRouteUseCases, options: { authenticated: Middleware }): Router[] {
  return [agentRoutes(useCases, options), merchantAccountRoutes(useCases, options), merchantPaymentsRoutes(useCases, options), merchantAnalyticsRoutes(useCases, options), payRoutes(useCases)];
}
