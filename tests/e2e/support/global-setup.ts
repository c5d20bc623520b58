/**
 * Once per e2e run: build the web client into a temporary folder that every test file's server
 * serves (`inject('webDistDir')`, see server.ts), and remove it afterwards. Not dist/web: that
 * one belongs to `npm start` and to whoever else builds in this tree.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

const VITE_CONFIG = fileURLToPath(new URL('../../../web/vite.config.ts', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const webDistDir = await mkdtemp(join(tmpdir(), 'ikimina-e2e-web-'));
  await build({ configFile: VITE_CONFIG, logLevel: 'warn', build: { outDir: webDistDir, emptyOutDir: true } });
  project.provide('webDistDir', webDistDir);
  return () => rm(webDistDir, { recursive: true, force: true });
}
