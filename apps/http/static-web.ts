/**
 * Serving the built web client (dist/web, from apps/build-web.ts).
 *
 * Guarantees
 * - Only files of the build are served, looked up in an index of the folder made when the first
 *   request arrives (a path that is not in it is never read from disk: no traversal).
 * - Content negotiation: a file precompressed at build time (`x.br`, `x.gz` beside `x`) is sent
 *   as `Content-Encoding: br` or `gzip` when the request's Accept-Encoding allows it (brotli
 *   first), else the file as it is; every answer for such a file carries `Vary: Accept-Encoding`.
 * - /assets/* carry content hashes: `Cache-Control: public, max-age=31536000, immutable`.
 *   index.html is `no-cache` with a strong ETag: every load revalidates and gets 304 while the
 *   build is unchanged, so a deploy is picked up at once. Other files (favicon): one hour.
 * - Source maps are never served (404), should a build have written any.
 * - An HTML file's own inline scripts (index.html's shell, web/shell/inline-shell.ts) are allowed
 *   by their SHA-256 hashes, added to the Content-Security-Policy's script-src of that answer
 *   only: no 'unsafe-inline', and any other inline script stays refused.
 * - An HTML file's module scripts are announced in a `Link: <…>; rel=modulepreload` header of its
 *   answer: the browser asks for the entry when it handles the answer instead of once its parser
 *   reaches the script (issue 16: on a 400 ms, 400 kbps link the entry is the longest download).
 * - A script of the build answers without the headers that govern documents only
 *   (Content-Security-Policy, X-Frame-Options, Referrer-Policy: a module script is never a
 *   document, and the app starts no worker from one), keeping nosniff: on a 400 kbps link the
 *   dashboard's eleven scripts carried 3.5 kB of them (issue 16).
 * - A file sent only as it is (no precompressed form: the demo video, images) answers a single
 *   byte range (`Range: bytes=…`, RFC 9110) with 206 and its Content-Range, an unsatisfiable one
 *   with 416, and says so (`Accept-Ranges: bytes`): a video's player reads its header and seeks
 *   (the demo's chapters) by ranges, and Safari plays no video without them. A range under an
 *   `If-Range` that is not the file's ETag, a malformed one and several at once get the whole file.
 * - Any other GET without a file extension gets index.html: the client routes it and renders its
 *   own 404. Without a build the server serves only the API (the caller logs a warning).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { Context, Middleware, Next } from 'koa';
import parseRange from 'range-parser';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const ONE_HOUR = 'public, max-age=3600';
/** Security headers that only a document (or a worker) obeys, set on every answer by security-headers.ts. */
const DOCUMENT_ONLY_HEADERS = ['Content-Security-Policy', 'X-Frame-Options', 'Referrer-Policy'];

interface Variant {
  body: Buffer;
  etag: string;
}

interface WebFile {
  type: string;
  cacheControl: string;
  /** CSP sources of the file's inline scripts ('sha256-…'), for HTML files. */
  scriptHashes: string[];
  /** The `Link` header announcing an HTML file's module scripts, if it has any. */
  link?: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

export function webClientAvailable(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'));
}

function variant(body: Buffer, suffix: string): Variant {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${suffix}"` };
}

/** The CSP hash sources of a page's inline scripts (`<script>` without src). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((match) => match[1]!.length > 0)
    .map((match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
}

/** A `Link` header value preloading a page's module scripts (`<script type="module" src>`), or undefined. */
export function moduleScriptLinks(html: string): string | undefined {
  const sources = [...html.matchAll(/<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*>/g)].map((match) => match[1]!);
  return sources.length > 0 ? sources.map((src) => `<${src}>; rel=modulepreload`).join(', ') : undefined;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

/** Every servable file of the build by URL path, with its precompressed forms. */
export function indexBuild(distDir: string): Map<string, WebFile> {
  const root = resolve(distDir);
  const files = new Map<string, WebFile>();
  const all = new Set(listFiles(root));
  for (const path of all) {
    if (path.endsWith('.br') || path.endsWith('.gz') || path.endsWith('.map')) continue;
    const urlPath = `/${relative(root, path).split(sep).join('/')}`;
    if (urlPath.startsWith('/.vite/')) continue; // the build manifest is for the budget check, not for browsers
    const file: WebFile = {
      type: extname(path) || '.txt',
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : urlPath.endsWith('.html') ? REVALIDATE : ONE_HOUR,
      identity: variant(readFileSync(path), ''),
      scriptHashes: [],
    };
    if (path.endsWith('.html')) {
      const html = file.identity.body.toString('utf8');
      file.scriptHashes = inlineScriptHashes(html);
      file.link = moduleScriptLinks(html);
    }
    if (all.has(`${path}.br`)) file.br = variant(readFileSync(`${path}.br`), '-br');
    if (all.has(`${path}.gz`)) file.gzip = variant(readFileSync(`${path}.gz`), '-gz');
    files.set(urlPath, file);
  }
  return files;
}

function send(ctx: Context, file: WebFile): void {
  // Brotli first whenever it is accepted, whatever order the client lists them in.
  const accepts = (encoding: string) => ctx.acceptsEncodings(encoding, 'identity') === encoding;
  const chosen = file.br && accepts('br') ? file.br : file.gzip && accepts('gzip') ? file.gzip : file.identity;
  if (file.br || file.gzip) ctx.vary('Accept-Encoding');
  if (chosen !== file.identity) ctx.set('Content-Encoding', chosen === file.br ? 'br' : 'gzip');
  ctx.type = file.type;
  ctx.set('Cache-Control', file.cacheControl);
  ctx.set('ETag', chosen.etag);
  if (file.link) ctx.set('Link', file.link);
  if (file.type === '.js') for (const header of DOCUMENT_ONLY_HEADERS) ctx.remove(header);
  const policy = ctx.response.get('Content-Security-Policy');
  if (file.scriptHashes.length > 0 && policy) ctx.set('Content-Security-Policy', policy.replace("script-src 'self'", `script-src 'self' ${file.scriptHashes.join(' ')}`));
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const asIs = !file.br && !file.gzip;
  if (asIs) ctx.set('Accept-Ranges', 'bytes');
  const ranges = asIs ? rangeAsked(ctx, chosen) : undefined;
  if (ranges === 'unsatisfiable') {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${chosen.body.length}`);
    return;
  }
  if (ranges) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${ranges.start}-${ranges.end}/${chosen.body.length}`);
    ctx.body = chosen.body.subarray(ranges.start, ranges.end + 1);
    return;
  }
  ctx.body = chosen.body;
}

/** The one byte range asked of a file sent as it is; undefined: the whole file. */
function rangeAsked(ctx: Context, file: Variant): { start: number; end: number } | 'unsatisfiable' | undefined {
  const header = ctx.get('Range');
  const ifRange = ctx.get('If-Range');
  if (!header || ctx.method !== 'GET' || (ifRange && ifRange !== file.etag)) return undefined;
  const ranges = parseRange(file.body.length, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  return ranges[0];
}

export function staticWeb(distDir: string): Middleware {
  let files: Map<string, WebFile> | null = null;
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next();
    files ??= indexBuild(distDir);
    const file = files.get(ctx.path);
    if (file) return send(ctx, file);
    const lastSegment = ctx.path.split('/').pop() ?? '';
    if (lastSegment.includes('.')) return next();
    const index = files.get('/index.html');
    if (!index) return next();
    send(ctx, index);
  };
}
