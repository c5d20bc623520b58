/**
 * Methods the server answers, and the answer to those it does not.
 *
 * Guarantees
 * - A request whose method the server implements on no address at all (TRACE, and any other but
 *   GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS) is refused with 501 `method_not_implemented`
 *   before any handler runs, on every path (API, web client, health probes): nothing of the
 *   request is ever echoed back (TRACE's cross-site tracing). TRACK and CONNECT never reach the
 *   app: Node's HTTP parser does not know TRACK (it answers 400 itself), and CONNECT is a tunnel
 *   request Node hands to no Koa handler (the connection is closed).
 * - A known `/api/…` address asked with a method no router routes there answers 405
 *   `method_not_allowed` with an `Allow` header naming the methods that address does route (HEAD
 *   wherever GET is routed; never OPTIONS: the server answers no OPTIONS request). An address no
 *   router knows stays a 404 `not_found`.
 */
import type { Context, Middleware, Next } from 'koa';
import { sendError } from './errors.ts';

/** The methods some route of this server may answer; every other one is a 501. */
export const IMPLEMENTED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The order in which an `Allow` header lists methods. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** What this module needs of an @koa/router Router. */
export interface RoutingTable {
  match(path: string, method: string): { path: Array<{ methods: string[] }> };
}

/** Refuses, before anything else, a method no route of this server implements. */
export function refuseUnimplementedMethods(): Middleware {
  return async (ctx: Context, next: Next) => {
    if (!IMPLEMENTED_METHODS.has(ctx.method)) {
      sendError(ctx, 'method_not_implemented', { message: `This server does not accept ${ctx.method} requests.` });
      return;
    }
    await next();
  };
}

/** The methods routed at `path` by any of `routers` or `fixed` (addresses answered outside a router), in a stable order. */
export function routedMethods(path: string, routers: readonly RoutingTable[], fixed: Readonly<Record<string, readonly string[]>> = {}): string[] {
  const methods = new Set<string>(fixed[path] ?? []);
  for (const router of routers) {
    // Layers without methods are a router's middleware (router.use), not routes.
    for (const layer of router.match(path, 'GET').path) for (const method of layer.methods) methods.add(method);
  }
  if (methods.has('GET')) methods.add('HEAD');
  return ORDER.filter((method) => methods.has(method));
}

/**
 * After every router: an `/api/…` address some router knows, asked with a method none routes
 * there, is a 405 with `Allow`; anything else goes on (to the API's 404).
 */
export function refuseUnroutedMethods(routers: readonly RoutingTable[], fixed: Readonly<Record<string, readonly string[]>> = {}): Middleware {
  return async (ctx: Context, next: Next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      const allowed = routedMethods(ctx.path, routers, fixed);
      // A routed method that still reached here (a handler passed it on) is a plain 404.
      if (allowed.length > 0 && !allowed.includes(ctx.method)) {
        ctx.set('Allow', allowed.join(', '));
        sendError(ctx, 'method_not_allowed', { message: `This address does not accept ${ctx.method}.` });
        return;
      }
    }
    await next();
  };
}
