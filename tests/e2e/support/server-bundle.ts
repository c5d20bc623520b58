/**
 * The server (`apps/main.ts`) and the admin CLI (`cli/main.ts`) bundled once per e2e run, so that
 * each test file's server and each `server.admin(...)` call starts in plain node (~0.6 s for the
 * CLI) instead of `npx tsx` transforming the sources again (~3 s for the CLI, ~5 s for a server).
 *
 * - Same sources, same esbuild transform tsx uses; packages stay in node_modules
 *   (`packages: 'external'`), so the bundle is written under node_modules/.cache/ where node
 *   resolves them as it does for the sources.
 * - `import.meta.url` in each bundled file is replaced by that source file's own URL: the
 *   migrations folder, the sandbox ID photos, the face-api package lookup and the face worker
 *   resolve exactly where they do under tsx. The migrations and the face worker are then loaded
 *   by node itself from their .ts files (type stripping, Node >= 22.18), as tsx would load them.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServerBundle {
  dir: string;
  server: string;
  admin: string;
  remove(): Promise<void>;
}

const sourceUrls: Plugin = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

export async function bundleServer(): Promise<ServerBundle> {
  const cache = join(PROJECT_ROOT, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(join(cache, 'ikimina-e2e-server-'));
  try {
    await build({
      absWorkingDir: PROJECT_ROOT,
      entryPoints: { server: 'apps/main.ts', admin: 'cli/main.ts' },
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      packages: 'external',
      sourcemap: 'linked',
      plugins: [sourceUrls],
      logLevel: 'warning',
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, server: join(dir, 'server.mjs'), admin: join(dir, 'admin.mjs'), remove: () => rm(dir, { recursive: true, force: true }) };
}
