/**
 * Before `npm start`: build the web client when dist/web is missing or older than its sources.
 * A missing web/ or a failed build is a warning, not a stop: the server then serves the API only.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const CONFIG = 'web/vite.config.ts';
const OUTPUT = 'dist/web/index.html';

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (!existsSync(CONFIG)) {
  console.warn(`[build-web] ${CONFIG} not found: the server will serve the API only.`);
} else if (existsSync(OUTPUT) && statSync(OUTPUT).mtimeMs >= newestChange('web')) {
  console.log('[build-web] dist/web is up to date.');
} else {
  console.log('[build-web] building the web client (vite build)…');
  try {
    const { build } = await import('vite');
    await build({ configFile: CONFIG, logLevel: 'warn' });
  } catch (error) {
    console.warn('[build-web] the web client did not build; the server will serve the API only.\n', error);
  }
}
