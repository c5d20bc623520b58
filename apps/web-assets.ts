/**
 * What the build does after `vite build` (apps/build-web.ts), kept apart so it can be tested on
 * a folder of files.
 *
 * Guarantees
 * - `precompress`: every text asset of the build (js, css, html, svg, json, txt, webmanifest) of
 *   at least 1 kB gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) twin beside it,
 *   kept only when smaller than the file; apps/http/static-web.ts picks one by Accept-Encoding.
 *   Source maps are deleted: browsers are never sent them in production.
 * - `landingJs`: the JavaScript a first visit to `/` runs, from Vite's manifest: the entry's
 *   static imports, the landing route's chunks (every chunk of `LANDING_MODULES` that is present,
 *   with its static imports), each counted once, with its compressed sizes.
 * - `checkLandingBudget`: refuses when that JavaScript weighs more than `LANDING_JS_BUDGET` bytes
 *   compressed in either encoding static-web.ts sends: brotli (every current browser over HTTPS,
 *   and Chromium to localhost, as in bench:web) and gzip (a browser that offers no brotli, e.g.
 *   over plain http to another host). The budget holds for what travels, whichever it is.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Issue 16: the landing page's JavaScript, compressed, at most 150 kB. */
export const LANDING_JS_BUDGET = 150 * 1024;

/**
 * The modules a signed-out first visit to `/` loads, besides the entry (`index.html`): the route
 * and what it shows, and the English messages (the default language). Source paths as Vite's
 * manifest names them (relative to web/).
 */
export const LANDING_MODULES = ['src/app/routes/home.tsx', 'src/app/routes/landing.tsx', 'src/locales/en.ts'] as const;

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
const MIN_BYTES = 1024;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

export const brotli = (data: Buffer) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
export const gzip = (data: Buffer) => gzipSync(data, { level: 9 });

export interface PrecompressReport {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
  removedSourceMaps: number;
}

export function precompress(distDir: string): PrecompressReport {
  const report: PrecompressReport = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0, removedSourceMaps: 0 };
  for (const path of listFiles(distDir)) {
    if (path.endsWith('.map')) {
      rmSync(path);
      report.removedSourceMaps++;
      continue;
    }
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    if (path.includes(`${sep}.vite${sep}`) || !COMPRESSIBLE.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
    const data = readFileSync(path);
    const br = brotli(data);
    const gz = gzip(data);
    report.files++;
    report.bytes += data.length;
    if (br.length < data.length) {
      writeFileSync(`${path}.br`, br);
      report.brotliBytes += br.length;
    }
    if (gz.length < data.length) {
      writeFileSync(`${path}.gz`, gz);
      report.gzipBytes += gz.length;
    }
  }
  return report;
}

/** Vite's build manifest (build.manifest): a chunk by source module. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface SizedFile {
  file: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The landing page's JavaScript files, each once, with their sizes. */
export function landingJs(distDir: string, manifest: Manifest = readManifest(distDir)): SizedFile[] {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry).map(([key]) => key);
  if (entries.length === 0) throw new Error('the build manifest has no entry chunk');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...entries, ...LANDING_MODULES]) visit(key);
  return [...files]
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const data = readFileSync(join(distDir, file));
      return { file, bytes: data.length, gzipBytes: gzip(data).length, brotliBytes: brotli(data).length };
    });
}

export interface BudgetVerdict {
  files: SizedFile[];
  gzipBytes: number;
  brotliBytes: number;
  budget: number;
  withinBudget: boolean;
}

export function checkLandingBudget(distDir: string, budget = LANDING_JS_BUDGET): BudgetVerdict {
  const files = landingJs(distDir);
  const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  const brotliBytes = files.reduce((sum, f) => sum + f.brotliBytes, 0);
  return { files, gzipBytes, brotliBytes, budget, withinBudget: gzipBytes <= budget && brotliBytes <= budget };
}

const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

export function describeBudget(verdict: BudgetVerdict): string {
  const lines = verdict.files
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((f) => `  ${f.file.padEnd(48)} ${kB(f.bytes).padStart(10)}  gzip ${kB(f.gzipBytes).padStart(9)}  br ${kB(f.brotliBytes).padStart(9)}`);
  return [
    `landing page JS: ${kB(verdict.gzipBytes)} gzip, ${kB(verdict.brotliBytes)} brotli; budget ${kB(verdict.budget)} in each — ${verdict.withinBudget ? 'within budget' : 'OVER BUDGET'}`,
    ...lines,
  ].join('\n');
}
