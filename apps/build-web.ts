/**
 * Before `npm start`: build the web client when dist/web is missing or older than its sources
 * (`--force`: always), then precompress it (brotli and gzip beside every text asset, source maps
 * removed) and check the landing page's JavaScript budget (apps/web-assets.ts).
 *
 * - A missing web/ or a failed `vite build` is a warning, not a stop: the server then serves the
 *   API only.
 * - A landing page over its budget fails the build: the exit code is 1, every file and its size
 *   is printed, and dist/web/index.html is removed so that the next run builds and checks again
 *   instead of serving the oversized client.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkLandingBudget, describeBudget, precompress } from './web-assets.ts';

const CONFIG = 'web/vite.config.ts';
const DIST = 'dist/web';
const OUTPUT = join(DIST, 'index.html');

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const force = process.argv.includes('--force');

if (!existsSync(CONFIG)) {
  console.warn(`[build-web] ${CONFIG} not found: the server will serve the API only.`);
} else if (!force && existsSync(OUTPUT) && statSync(OUTPUT).mtimeMs >= newestChange('web')) {
  console.log('[build-web] dist/web is up to date.');
} else {
  console.log('[build-web] building the web client (vite build)…');
  let built = false;
  try {
    const { build } = await import('vite');
    await build({ configFile: CONFIG, logLevel: 'warn' });
    built = true;
  } catch (error) {
    console.warn('[build-web] the web client did not build; the server will serve the API only.\n', error);
  }
  if (built) {
    const compressed = precompress(DIST);
    console.log(
      `[build-web] precompressed ${compressed.files} files: ${(compressed.bytes / 1024).toFixed(0)} kB → brotli ${(compressed.brotliBytes / 1024).toFixed(0)} kB, gzip ${(compressed.gzipBytes / 1024).toFixed(0)} kB`,
    );
    const verdict = checkLandingBudget(DIST);
    console.log(`[build-web] ${describeBudget(verdict)}`);
    if (!verdict.withinBudget) {
      rmSync(OUTPUT, { force: true });
      console.error('[build-web] the landing page is over its JavaScript budget: build refused (see docs/web-performance.md).');
      process.exitCode = 1;
    }
  }
}
