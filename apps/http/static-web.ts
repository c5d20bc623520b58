/**
 * Serving the built web client (dist/web, from `vite build --config web/vite.config.ts`).
 *
 * - Files are served as they are; /assets/* carry content hashes and are cached for a year
 *   (immutable); index.html is revalidated on every load (no-cache) so a deploy is picked up.
 * - Any other GET without a file extension gets index.html: the client routes it and renders its
 *   own 404.
 * - Without a build the server serves only the API (the caller logs a warning).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Context, Middleware, Next } from 'koa';
import serve from 'koa-static';

export function webClientAvailable(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'));
}

export function staticWeb(distDir: string): Middleware {
  const root = resolve(distDir);
  const files = serve(root, {
    index: false,
    setHeaders(res, path) {
      if (path.startsWith(join(root, 'assets'))) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else if (path.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  });
  let indexHtml: Promise<Buffer> | null = null;
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next();
    await files(ctx, next);
    if (ctx.status !== 404 || ctx.body != null) return;
    const lastSegment = ctx.path.split('/').pop() ?? '';
    if (lastSegment.includes('.')) return;
    indexHtml ??= readFile(join(root, 'index.html'));
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await indexHtml;
  };
}
