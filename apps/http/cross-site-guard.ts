/**
 * Cross-site request forgery: a browser's request that changes something must come from our own
 * pages.
 *
 * Why not SameSite alone: the session cookie is SameSite=Lax, which keeps it off a cross-site POST
 * in a current browser, but not off a request from a sibling subdomain (same site, another
 * origin), nor in a browser that ignores SameSite; and several routes act on a bodiless POST, which
 * any form or no-cors fetch can send (biometric consent, a credit assessment).
 *
 * Guarantees
 * - A POST, PUT, PATCH or DELETE is refused (403 `cross_site_request`) before any handler when the
 *   browser says it came from another origin (`Sec-Fetch-Site` cross-site or same-site), or, from a
 *   browser that sends no `Sec-Fetch-Site`, when its `Origin` names another host than the request's
 *   and the public address's (PUBLIC_BASE_URL: a proxy may pass on another Host).
 * - What passes as before: GET and HEAD; the app's own requests (`same-origin`; `Origin: null`,
 *   which browsers send for our own POSTs under our `Referrer-Policy: no-referrer`); a request with
 *   an `Authorization` header, which another site's page can only send after a CORS preflight we
 *   never answer, and whose token it cannot read; clients that are not browsers (no such headers:
 *   provider callbacks, the USSD gateway).
 */
import type { Context, Next } from 'koa';
import { sendError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host an Origin header names; null for `null` or a value that is not an origin. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

function fromAnotherOrigin(ctx: Context, publicHost: string | null): boolean {
  const site = ctx.get('Sec-Fetch-Site').toLowerCase();
  if (site !== '') return site === 'cross-site' || site === 'same-site';
  const origin = ctx.get('Origin');
  if (origin === '' || origin === 'null') return false;
  const host = hostOf(origin);
  return host === null || (host !== ctx.host && host !== publicHost);
}

export function refuseCrossSiteRequests(publicBaseUrl: string) {
  const publicHost = hostOf(publicBaseUrl);
  return async (ctx: Context, next: Next) => {
    if (!SAFE_METHODS.has(ctx.method) && ctx.get('Authorization') === '' && fromAnotherOrigin(ctx, publicHost)) return sendError(ctx, 'cross_site_request');
    return next();
  };
}
