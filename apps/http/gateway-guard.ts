/**
 * Who may call Africa's Talking's callbacks (USSD steps and events, SMS delivery reports): the
 * gateway, recognised by the secret path segment of the callback URLs registered with it and,
 * when a list is configured, by its source address (Config.gatewayCallbacks).
 *
 * Guarantees
 * - Each callback is mounted twice: at its plain path and with a `:secret` segment. With a secret
 *   configured only the secret form with the right secret passes; without one (the embedded
 *   default, for `npm run ussd`) only the plain form does. Everything else answers 404 exactly as
 *   an unknown path would, before any body is read or any state touched.
 * - The secret is compared in constant time: SHA-256 digests of equal length, timingSafeEqual.
 * - A caller outside the allow list (Koa's `ctx.ip`) answers 403 `source_not_allowed`.
 * - Refusals are logged at warn with the route's pattern, never the path: it holds the secret.
 *   The route's pattern is on `ctx.state.logPath` for the route's own log lines; the request log
 *   names the secret segment by the logger's rule (apps/log-redaction.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP, isIPv4 } from 'node:net';
import type { Context, Middleware, Next } from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { sendError } from './errors.ts';

/** The `:secret` segment as the OpenAPI document names it. */
export const SECRET_PARAM = 'secret';

export type GatewayRoute = (logPath: string) => Middleware;

export function gatewayGuard(callbacks: Config['gatewayCallbacks'], logger: Logger): GatewayRoute {
  const expected = callbacks.secret === null ? null : digest(callbacks.secret);
  const allowed = allowList(callbacks.allowedSources);

  function secretMatches(given: string | undefined): boolean {
    if (expected === null) return given === undefined;
    // Digests have one length whatever was sent, so the comparison's time tells nothing.
    return given !== undefined && timingSafeEqual(digest(given), expected);
  }

  return (logPath) =>
    async (ctx: Context, next: Next) => {
      ctx.state.logPath = logPath;
      const given = (ctx.params as Record<string, string | undefined> | undefined)?.[SECRET_PARAM];
      if (!secretMatches(given)) {
        logger.warn({ route: logPath, ip: ctx.ip, reason: given === undefined ? 'no_secret' : 'wrong_secret' }, 'gateway callback refused');
        return notFound(ctx);
      }
      if (allowed && !isAllowed(allowed, ctx.ip)) {
        logger.warn({ route: logPath, ip: ctx.ip, reason: 'source_not_allowed' }, 'gateway callback refused');
        return sendError(ctx, 'source_not_allowed');
      }
      await next();
    };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** What the app answers for a path no route serves: JSON under /api, Koa's plain 404 elsewhere. */
function notFound(ctx: Context): void {
  if (ctx.path.startsWith('/api/')) return sendError(ctx, 'not_found');
  ctx.status = 404;
}

function allowList(sources: readonly string[]): BlockList | null {
  if (sources.length === 0) return null;
  const list = new BlockList();
  for (const source of sources) {
    const [address = '', prefix] = source.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/** An IPv4 client seen on a dual-stack socket (`::ffff:203.0.113.5`) is checked as IPv4; no address at all is not allowed. */
function isAllowed(list: BlockList, ip: string): boolean {
  const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
