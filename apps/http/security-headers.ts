/**
 * The security headers every answer carries (API, web client, errors, 404s), set before any
 * handler runs so that no path can answer without them.
 *
 * - Content-Security-Policy: scripts only from our own origin (index.html's inline shell script
 *   is allowed by its hash, added by static-web.ts to that page's answer only), no plugins, no <base> elsewhere, forms post
 *   only to us (Google sign-in is a navigation to /api/auth/google and a redirect, not a form),
 *   and no page may frame ours. Styles allow 'unsafe-inline': Radix writes <style> elements at
 *   run time (react-remove-scroll under Dialog, Popover and DropdownMenu; ScrollArea), and a
 *   style cannot run script. Images allow https: for the avatars Google sign-in stores, and blob:
 *   for the member's own private photos (an ID photo, a selfie: fetched with the bearer token and
 *   shown from a blob: URL the page made itself) and the webcam's capture.
 * - X-Frame-Options DENY for browsers older than frame-ancestors.
 * - Strict-Transport-Security only over https (ctx.secure follows X-Forwarded-Proto only from a
 *   trusted proxy): over plain http a browser ignores it, and a local http server must not pin it.
 * - X-Content-Type-Options nosniff; Referrer-Policy no-referrer: sign-in links carry their secret
 *   in the URL fragment, and the page URL must never leak onward.
 */
import type { Context } from 'koa';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** One year, the floor browsers' preload lists ask for. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The policy with more origins the client may connect to: the object storage a browser uploads
 * to straight, when it is S3 (apps/modules/uploads-module.ts).
 */
export function contentSecurityPolicy(connectSources: readonly string[]): string {
  if (connectSources.length === 0) return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace("connect-src 'self'", ["connect-src 'self'", ...connectSources].join(' '));
}

export function setSecurityHeaders(ctx: Context, policy: string = CONTENT_SECURITY_POLICY): void {
  ctx.set('Content-Security-Policy', policy);
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  if (ctx.secure) ctx.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
}
