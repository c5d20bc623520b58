/**
 * The session cookie: `ikimina_session`, HttpOnly (scripts cannot read it), SameSite=Lax (not
 * sent on cross-site POSTs), Secure when the public address is https. Written by hand rather than
 * through Koa's cookies, which refuse a Secure cookie on a plain-http hop behind a TLS proxy.
 */
import type { Context } from 'koa';

export const SESSION_COOKIE = 'ikimina_session';

export interface CookieOptions {
  secure: boolean;
}

function serialize(name: string, value: string, maxAgeSeconds: number, path: string, secure: boolean): string {
  const parts = [`${name}=${value}`, `Path=${path}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function setCookie(ctx: Context, name: string, value: string, maxAgeSeconds: number, options: CookieOptions & { path?: string }): void {
  ctx.append('Set-Cookie', serialize(name, value, Math.max(0, Math.floor(maxAgeSeconds)), options.path ?? '/', options.secure));
}

export function clearCookie(ctx: Context, name: string, options: CookieOptions & { path?: string }): void {
  ctx.append('Set-Cookie', serialize(name, '', 0, options.path ?? '/', options.secure));
}

export function readCookie(ctx: Context, name: string): string | null {
  const header = ctx.get('Cookie');
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim() || null;
  }
  return null;
}

/**
 * The cookie of this request authenticates nothing: a state-changing request that does not prove
 * it came from our own pages (cross-site-guard.ts).
 */
export function disregardSessionCookie(ctx: Context): void {
  ctx.state.sessionCookieDisregarded = true;
}

/** The request's bearer token (`Authorization: Bearer <token>`); null for any other header or none. */
export function bearerTokenOf(ctx: Context): string | null {
  return /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1] ?? null;
}

/** The session secret of a request: the bearer token first, then the cookie unless it is disregarded. */
export function sessionTokenOf(ctx: Context): string | null {
  const bearer = bearerTokenOf(ctx);
  if (bearer) return bearer;
  if (ctx.state.sessionCookieDisregarded === true) return null;
  return readCookie(ctx, SESSION_COOKIE);
}
