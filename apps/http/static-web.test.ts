import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLandingBudget, precompress } from '../web-assets.ts';
import { CONTENT_SECURITY_POLICY, setSecurityHeaders } from './security-headers.ts';
import { IMMUTABLE, inlineScriptHashes, moduleScriptLinks, staticWeb } from './static-web.ts';

const SHELL = 'document.documentElement.lang="en";'.repeat(60);
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div><script>${SHELL}</script></body></html>`;
/** Bytes that are not text: precompress leaves them as they are. */
const VIDEO = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 37) % 256));
const BIG_JS = `export const text = ${JSON.stringify('Ikimina tontine '.repeat(400))};\n`;

function writeBuild(dir: string, entryJs: string, landingJs = 'export default 1;') {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-abc.js'), entryJs);
  writeFileSync(join(dir, 'assets', 'index-abc.js.map'), '{"version":3}');
  writeFileSync(join(dir, 'assets', 'landing-def.js'), landingJs);
  writeFileSync(join(dir, 'assets', 'dashboard-ghi.js'), 'x'.repeat(500_000));
  mkdirSync(join(dir, 'demo'), { recursive: true });
  writeFileSync(join(dir, 'demo', 'film.webm'), VIDEO);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true, dynamicImports: ['src/app/routes/home.tsx', 'src/app/routes/dashboard.tsx'] },
      'src/app/routes/home.tsx': { file: 'assets/landing-def.js', isDynamicEntry: true },
      'src/app/routes/dashboard.tsx': { file: 'assets/dashboard-ghi.js', isDynamicEntry: true },
    }),
  );
}

describe('the built web client: precompressed, negotiated, cached, within budget', () => {
  let dir: string;
  let app: Koa;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ikimina-static-web-'));
    writeBuild(dir, BIG_JS);
    precompress(dir);
    app = new Koa();
    app.use(async (ctx, next) => {
      setSecurityHeaders(ctx);
      await next();
    });
    app.use(staticWeb(dir));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends brotli, gzip or the file itself by Accept-Encoding, always with Vary', async () => {
    const br = await request(app.callback()).get('/assets/index-abc.js').set('Accept-Encoding', 'gzip, deflate, br').buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers['content-type']).toMatch(/javascript/);

    const gz = await request(app.callback()).get('/assets/index-abc.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(BIG_JS); // supertest inflates gzip: the same file

    const plain = await request(app.callback()).get('/assets/index-abc.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.text).toBe(BIG_JS);
  });

  it('revalidates index.html with an ETag (304), for every client-side route too', async () => {
    const first = await request(app.callback()).get('/dashboard').set('Accept-Encoding', 'gzip');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.text).toBe(INDEX);
    const again = await request(app.callback()).get('/dashboard').set('Accept-Encoding', 'gzip').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    expect((await request(app.callback()).get('/index.html')).status).toBe(200);
  });

  it("allows index.html's inline script by its hash in that answer's CSP only", async () => {
    const page = await request(app.callback()).get('/');
    const [hash] = inlineScriptHashes(INDEX);
    expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' ${hash}`);
    const scriptSrc = String(page.headers['content-security-policy']).split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc).not.toContain('unsafe-inline');
    const asset = await request(app.callback()).get('/favicon.svg');
    expect(asset.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(asset.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("announces index.html's entry script in a Link header, so the browser asks for it before the page has arrived", async () => {
    const page = await request(app.callback()).get('/dashboard');
    expect(page.headers.link).toBe('</assets/index-abc.js>; rel=modulepreload');
    expect(moduleScriptLinks('<script type="module" crossorigin src="/assets/a.js"></script><script src="/b.js"></script><script>x</script>')).toBe('</assets/a.js>; rel=modulepreload');
    expect(moduleScriptLinks('<p>no scripts</p>')).toBeUndefined();
    expect((await request(app.callback()).get('/assets/index-abc.js')).headers.link).toBeUndefined();
  });

  it('answers one byte range of a file sent as it is (a video), 416 past its end, and the whole file otherwise', async () => {
    const get = (headers: Record<string, string>) => {
      const req = request(app.callback()).get('/demo/film.webm');
      for (const [name, value] of Object.entries(headers)) req.set(name, value);
      return req.buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    };
    const whole = await get({});
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body).toEqual(VIDEO);

    const first = await get({ Range: 'bytes=0-99' });
    expect(first.status).toBe(206);
    expect(first.headers['content-range']).toBe('bytes 0-99/1000');
    expect(first.body).toEqual(VIDEO.subarray(0, 100));
    // As Chromium asks for a video: from a byte to the end; and the last bytes.
    expect((await get({ Range: 'bytes=900-' })).body).toEqual(VIDEO.subarray(900));
    const last = await get({ Range: 'bytes=-10' });
    expect(last.headers['content-range']).toBe('bytes 990-999/1000');
    expect(last.body).toEqual(VIDEO.subarray(990));
    // An If-Range that is the file's ETag keeps the range.
    expect((await get({ Range: 'bytes=10-19', 'If-Range': whole.headers.etag! })).status).toBe(206);

    const past = await get({ Range: 'bytes=1000-' });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
    const wholeAnyway: Record<string, string>[] = [{ Range: 'bytes=0-1,5-6' }, { Range: 'bytes=abc' }, { Range: 'items=0-1' }, { Range: 'bytes=0-9', 'If-Range': '"another"' }];
    for (const headers of wholeAnyway) {
      const answer = await get(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(answer.body).toEqual(VIDEO);
    }
    // A precompressed file is sent whole, and says nothing of ranges.
    const script = await request(app.callback()).get('/assets/index-abc.js').set('Accept-Encoding', 'br').set('Range', 'bytes=0-9');
    expect(script.status).toBe(200);
    expect(script.headers['accept-ranges']).toBeUndefined();
  });

  it('never serves source maps, the build manifest or a path outside the build', async () => {
    expect((await request(app.callback()).get('/assets/index-abc.js.map')).status).toBe(404);
    expect((await request(app.callback()).get('/.vite/manifest.json')).status).toBe(404);
    // A path outside the build reads nothing from disk: without an extension it is the client's route.
    expect((await request(app.callback()).get('/%2e%2e/%2e%2e/etc/passwd')).text).toBe(INDEX);
    expect((await request(app.callback()).get('/%2e%2e/package.json')).status).toBe(404);
    expect((await request(app.callback()).get('/assets/missing.js')).status).toBe(404);
  });

  it('removed the source maps and wrote .br and .gz twins only where they are smaller', () => {
    const verdict = checkLandingBudget(dir);
    expect(verdict.files.map((f) => f.file).sort()).toEqual(['assets/index-abc.js', 'assets/landing-def.js']);
    expect(verdict.withinBudget).toBe(true);
  });
});

describe('the landing page budget', () => {
  it('fails a build whose landing JS passes the budget, and counts only what the landing page loads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ikimina-budget-'));
    try {
      // Random bytes do not compress: 200 kB of them is over 150 kB however it is sent.
      const noise = Array.from({ length: 200_000 }, () => String.fromCharCode(33 + Math.floor(Math.random() * 90))).join('');
      writeBuild(dir, 'export default 0;', `export const x = ${JSON.stringify(noise)};`);
      const verdict = checkLandingBudget(dir);
      expect(verdict.withinBudget).toBe(false);
      expect(verdict.brotliBytes).toBeGreaterThan(150 * 1024);
      // The 500 kB dashboard chunk is not the landing page's.
      expect(verdict.files.some((f) => f.file.includes('dashboard'))).toBe(false);
      expect(checkLandingBudget(dir, 10 * 1024 * 1024).withinBudget).toBe(true);
      // Both encodings count: a budget between the brotli and the gzip figures is missed.
      const between = Math.floor((verdict.brotliBytes + verdict.gzipBytes) / 2);
      expect(verdict.gzipBytes).toBeGreaterThan(between);
      expect(checkLandingBudget(dir, between).withinBudget).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
