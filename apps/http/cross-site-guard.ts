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
 * - The session cookie authenticates such a request only when it proves it came from our own
 *   pages: `Sec-Fetch-Site: same-origin` (or `none`, the member's own action), or an `Origin`
 *   naming this server. Without that proof (`Origin: null` without `Sec-Fetch-Site`, which a
 *   sandboxed frame, a `data:` page or a cross-site redirect sends; no `Origin` at all) the cookie
 *   is not read, as if absent: a route that needs a member answers 401 and changes nothing, a
 *   route that needs none (signing in, registering) works as for a visitor, so a stale cookie in
 *   an old browser never stands in the way of signing in again.
 * - What passes as before: GET and HEAD; the app's own requests, which carry the member's bearer
 *   token (`Authorization: Bearer`), which another site's page can only send after a CORS
 *   preflight we never answer, and whose token it cannot read (any other `Authorization`, which a
 *   browser may add by itself, exempts nothing); clients that are not browsers and carry no
 *   cookie (provider callbacks, the USSD gateway), whatever their headers.
 */
import type { Context, Next } from 'koa';
import { sendError } from './errors.ts';
import { bearerTokenOf, disregardSessionCookie } from './session-cookie.ts';

/** Methods that change nothing (RFC 9110 §9.2.1). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host an Origin header names; null for `null` or a value that is not an origin. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Where the browser says the request came from: another origin, our own pages (proven), or it
 * does not say (a client that is not a browser, an opaque origin, an old browser).
 */
function originOf(ctx: Context, publicHost: string | null): 'another' | 'ours' | 'unsaid' {
  const site = ctx.get('Sec-Fetch-Site').toLowerCase();
  if (site === 'cross-site' || site === 'same-site') return 'another';
  if (site === 'same-origin' || site === 'none') return 'ours';
  const origin = ctx.get('Origin');
  if (origin === '' || origin === 'null') return 'unsaid';
  const host = hostOf(origin);
  return host !== null && (host === ctx.host || host === publicHost) ? 'ours' : 'another';
}

export function refuseCrossSiteRequests(publicBaseUrl: string) {
  const publicHost = hostOf(publicBaseUrl);
  return async (ctx: Context, next: Next) => {
    // Only a bearer token exempts, read as the session reads it (so a header it reads no token from
    // cannot exempt a request the cookie then signs): a browser adds `Authorization: Basic …` by itself
    // to any request to a site behind HTTP authentication (a staging server), another site's form included.
    if (SAFE_METHODS.has(ctx.method) || bearerTokenOf(ctx) !== null) return next();
    const origin = originOf(ctx, publicHost);
    if (origin === 'another') return sendError(ctx, 'cross_site_request');
    if (origin === 'unsaid') disregardSessionCookie(ctx);
    return next();
  };
}
