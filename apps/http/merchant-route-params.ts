/** What the agents and merchants routes read of a request: the signed-in member and the business named in the path. */
import type { Context } from 'koa';
import type { AuthState } from './auth-routes.ts';

/** The signed-in member (behind the `authenticated` middleware). */
export const userOf = (ctx: Context) => (ctx.state.auth as AuthState).user;

/** The `:id` of a /api/merchants/{id}/… path. */
export const merchantIdOf = (ctx: Context) => String(ctx.params.id);
